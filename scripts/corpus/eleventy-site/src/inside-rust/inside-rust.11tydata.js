// The Inside Rust blog's posts: /inside-rust/YYYY/MM/DD/slug.html.
import { postUrl } from "../_includes/post-url.js";

export default {
  tags: ["insideRust"],
  blog: "inside-rust",
  eleventyComputed: { permalink: (data) => postUrl("/inside-rust/", data.page) },
};
