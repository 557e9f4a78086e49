// The entry of serve/forms/: what the rest of the engine uses of it.
export { openLocalForms } from "./local-forms.ts";
export type { LocalForm, LocalFormEvents, LocalForms } from "./local-forms.ts";
