// The definition's forms (where each posts, and what the local receiver answers) and what dev and preview answer:
// plain options of site.config.ts, apart from its collections and routes.

export interface FormOptions {
  /** The name of the form's single field. */
  field: string;
  /** "email" values must be valid addresses (the rule of `<input type="email">`). Default "text". */
  type?: "email" | "text";
  /** Where the form posts in production; empty for the local receiver of `preview` and `dev`. */
  endpoint?: string;
  /** An environment variable that overrides `endpoint` at build time. */
  env?: string;
  /** The path (under the base path) the local receiver answers; default "/__heirloom/<name>". */
  localPath?: string;
  /**
   * Origins the endpoint's answer may move the hidden frame to (a redirect), allowed by the
   * Content-Security-Policy next to the endpoint's own, such as "https://script.googleusercontent.com".
   */
  frameOrigins?: string[];
}

/** What `heirloom dev` and `heirloom preview` answer besides this machine's own names and addresses. */
export interface ServerOptions {
  /**
   * Host names a request may name in its Host header besides localhost, *.localhost and IP addresses (a
   * defence against DNS rebinding): "example.test", or ".example.test" for it and every name below it; true
   * answers any name (a tunnel with changing names on a network you trust).
   */
  allowedHosts?: string[] | true;
}
