/** The seconds mode's own part of the trade page, loaded only in that mode (with the page, when it opens in it). */
export const loadSecondsPanel = () => import("./SecondsPanel.tsx");
