// A post's URL as the original published it: the date of its file name, then its slug, with .html.
export function postUrl(prefix, page) {
  const date = page.date.toISOString().slice(0, 10).replaceAll("-", "/");
  return `${prefix}${date}/${page.fileSlug}.html`;
}
