// The Rust blog's posts as an Eleventy site (scripts/corpus/eleventy.js copies them into src/): the same URLs as
// the original, date and slug from the file names (Eleventy's own reading of YYYY-MM-DD-slug.md), markdown-it
// with raw HTML as Eleventy's default; no code highlighting (Eleventy has none without a plugin).
export default function (eleventyConfig) {
  eleventyConfig.setInputDirectory("src");
  eleventyConfig.setOutputDirectory("dist");
  eleventyConfig.addPassthroughCopy({ static: "/" });
  const months = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."];
  eleventyConfig.addFilter("monthDay", (date) => `${months[date.getUTCMonth()]} ${date.getUTCDate()}`);
  eleventyConfig.addFilter("isoDate", (date) => date.toISOString().slice(0, 10));
  // A blog's posts newest first, in groups by year: [{ year, posts }].
  eleventyConfig.addFilter("byYear", (posts) => {
    const groups = [];
    for (const post of [...posts].sort((a, b) => b.date - a.date)) {
      const year = post.date.getUTCFullYear();
      if (groups.at(-1)?.year !== year) groups.push({ year, posts: [] });
      groups.at(-1).posts.push(post);
    }
    return groups;
  });
  // Posts are markdown only: Rust's `{{` and `{%` are code, not a template language.
  return { markdownTemplateEngine: false, htmlTemplateEngine: "njk" };
}
