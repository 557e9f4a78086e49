// What a receiver of the waitlist form must do with each posted body: the production endpoint
// (endpoint/Code.js) and the local receiver of `heirloom preview` run the same table. A runner posts
// `before` (each its own request), then `body`, and checks what that last post added to its list:
// `stored` is the address as the visitor meant it, mapped by each runner to its storage (the
// spreadsheet keeps "'ann@example.com" as the text ''ann@example.com; a JSON file keeps it as is).
// Both refuse an address that begins with = + - or @, which a CSV export of the sheet would run.

export interface EmailCase {
  name: string;
  /** Bodies posted first, in order, each as its own request. */
  before?: string[];
  /** The raw application/x-www-form-urlencoded body under test. */
  body: string;
  /**
   * Whether the first `email` value, trimmed ("" when missing), is valid for <input type=email> and at most
   * 254 characters.
   */
  valid: boolean;
  /** What this post adds: the address as the visitor meant it, or null when it adds nothing. */
  stored: string | null;
}

const form = (email: string) => new URLSearchParams({ email }).toString();
const ann = form("ann@example.com");
/** 254 characters, the longest address a mail server must accept. */
const longest = `${"a".repeat(242)}@example.com`;

export const emailCases: EmailCase[] = [
  { name: "a valid address", body: ann, valid: true, stored: "ann@example.com" },
  { name: "letter case kept as typed", body: form("Ann.Lee@Example.COM"), valid: true, stored: "Ann.Lee@Example.COM" },
  { name: "the same address again", before: [ann], body: ann, valid: true, stored: null },
  {
    name: "the same address in other letter case",
    before: [ann],
    body: form("ANN@Example.Com"),
    valid: true,
    stored: null,
  },
  {
    name: "a new address that contains a listed one",
    before: [ann],
    body: form("jo.ann@example.com"),
    valid: true,
    stored: "jo.ann@example.com",
  },
  {
    name: "a listed address inside a new one is not a match",
    before: [form("jo.ann@example.com")],
    body: ann,
    valid: true,
    stored: "ann@example.com",
  },
  {
    name: "a dot is a dot, not any character",
    before: [form("abc@example.com")],
    body: form("a.c@example.com"),
    valid: true,
    stored: "a.c@example.com",
  },
  {
    name: "an asterisk is an asterisk, not a wildcard",
    before: [form("aaa@example.com")],
    body: form("a*@example.com"),
    valid: true,
    stored: "a*@example.com",
  },
  {
    name: "a question mark is a question mark",
    before: [form("ac@example.com")],
    body: form("ab?c@example.com"),
    valid: true,
    stored: "ab?c@example.com",
  },
  {
    name: "surrounding spaces trimmed",
    body: "email=%20%20ann%40example.com%20",
    valid: true,
    stored: "ann@example.com",
  },
  {
    name: "surrounding tab and newline trimmed",
    body: "email=%09ann%40example.com%0D%0A",
    valid: true,
    stored: "ann@example.com",
  },
  {
    name: "a duplicate with surrounding spaces",
    before: [ann],
    body: "email=+ANN%40example.com+",
    valid: true,
    stored: null,
  },
  {
    name: "an unencoded plus is a space in a form body",
    body: "email=+ann%40example.com",
    valid: true,
    stored: "ann@example.com",
  },
  { name: "not an address", body: form("not-an-email"), valid: false, stored: null },
  { name: "no domain", body: form("ann@"), valid: false, stored: null },
  { name: "a space inside", body: form("ann lee@example.com"), valid: false, stored: null },
  { name: "a domain label starting with a hyphen", body: form("ann@-example.com"), valid: false, stored: null },
  { name: "an empty domain label", body: form("ann@example..com"), valid: false, stored: null },
  { name: "a domain label of 64 characters", body: form(`ann@${"b".repeat(64)}.com`), valid: false, stored: null },
  { name: "a non-ASCII address", body: form("josé@example.com"), valid: false, stored: null },
  {
    name: "a single-label domain, as browsers allow",
    body: form("ann@localhost"),
    valid: true,
    stored: "ann@localhost",
  },
  { name: "254 characters", body: form(longest), valid: true, stored: longest },
  { name: "255 characters", body: form(`a${longest}`), valid: false, stored: null },
  { name: "formula-like, refused", body: form("=1+1@example.com"), valid: true, stored: null },
  {
    name: "a formula that is not an address",
    body: form('=HYPERLINK("https://evil.example")@example.com'),
    valid: false,
    stored: null,
  },
  { name: "starting with a plus, refused", body: form("+tag@example.com"), valid: true, stored: null },
  { name: "starting with a minus, refused", body: form("-2+3@example.com"), valid: true, stored: null },
  { name: "a plus and a minus inside", body: form("a+b-c@example.com"), valid: true, stored: "a+b-c@example.com" },
  { name: "starting with an at sign", body: form("@ann@example.com"), valid: false, stored: null },
  { name: "an apostrophe inside", body: form("o'neil@example.com"), valid: true, stored: "o'neil@example.com" },
  { name: "starting with an apostrophe", body: form("'ann@example.com"), valid: true, stored: "'ann@example.com" },
  {
    name: "starting with an apostrophe, the plain one listed",
    before: [ann],
    body: form("'ann@example.com"),
    valid: true,
    stored: "'ann@example.com",
  },
  {
    name: "starting with an apostrophe, listed, in other letter case",
    before: [form("'ann@example.com")],
    body: form("'ANN@example.com"),
    valid: true,
    stored: null,
  },
  {
    name: "the plain one, the apostrophe one listed",
    before: [form("'ann@example.com")],
    body: ann,
    valid: true,
    stored: "ann@example.com",
  },
  { name: "empty", body: "email=", valid: false, stored: null },
  { name: "whitespace only", body: "email=%20%20%09%20", valid: false, stored: null },
  { name: "no email field", body: "name=Ann", valid: false, stored: null },
  { name: "an empty body", body: "", valid: false, stored: null },
  { name: "two email fields", body: `${ann}&${form("bob@example.com")}`, valid: true, stored: null },
  { name: "the same email field twice", body: `${ann}&${ann}`, valid: true, stored: null },
  { name: "extra fields ignored", body: `name=Ann&${ann}&source=home`, valid: true, stored: "ann@example.com" },
];
