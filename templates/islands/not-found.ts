// On the 404 page ([data-not-found]), writes the missing path to the console.

export function logNotFound(): void {
  if (document.querySelector("[data-not-found]")) {
    console.warn("404 Error: User attempted to access non-existent route:", location.pathname);
  }
}
