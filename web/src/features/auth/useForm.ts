/**
 * The form helper moved to lib/form/useForm.ts (same call, plus amount fields). This
 * name stays only for the pages converted after the current parallel work merges.
 */
export { useForm } from "../../lib/form/useForm.ts";
