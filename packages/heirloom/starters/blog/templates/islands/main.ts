// The site's script, bundled by the build for every page (no framework: it enhances the markup the
// templates rendered). Here: the theme switch, which the page shows only when this script runs. It is plain
// script rather than an island (templates/interactive/) because every page has it: as an island, every page would
// load React for one button.
const KEY = "theme";

function setTheme(dark: boolean, button: HTMLButtonElement): void {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  button.setAttribute("aria-pressed", String(dark));
}

const button = document.querySelector<HTMLButtonElement>("[data-theme-switch]");
if (button) {
  const stored = localStorage.getItem(KEY);
  const prefersDark = matchMedia("(prefers-color-scheme: dark)").matches;
  setTheme(stored ? stored === "dark" : prefersDark, button);
  button.hidden = false;
  button.addEventListener("click", () => {
    const dark = button.getAttribute("aria-pressed") !== "true";
    setTheme(dark, button);
    localStorage.setItem(KEY, dark ? "dark" : "light");
  });
}
