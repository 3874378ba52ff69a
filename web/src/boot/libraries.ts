import i18next from "i18next";
import { Provider } from "jotai";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { initReactI18next } from "react-i18next";
import { HashRouter } from "react-router";

/**
 * The libraries the app is built on, set up one task before the app itself (boot/entry.ts). Evaluating them and the
 * app together was one task of some 45 ms on a phone; two shorter ones let the browser paint and take input between.
 * Naming a value of each keeps them from being dropped as unused.
 */
export const libraries = [i18next, Provider, createElement, createRoot, initReactI18next, HashRouter];
