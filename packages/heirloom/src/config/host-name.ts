// What a host name is (RFC 1123): at most 253 characters of dot-separated labels of letters, digits and inner
// hyphens, the last not all digits (so 999.1.1.1 is a bad address, not a name). A final dot is allowed.

/** Whether `host` can be a host name. */
export function isHostName(host: string): boolean {
  const name = host.replace(/\.$/, "");
  const labels = name.split(".");
  return (
    name.length <= 253 &&
    labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label)) &&
    !/^\d+$/.test(labels.at(-1)!)
  );
}
