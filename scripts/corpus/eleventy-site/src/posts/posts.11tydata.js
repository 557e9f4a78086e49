// The main blog's posts: /YYYY/MM/DD/slug.html.
import { postUrl } from "../_includes/post-url.js";

export default { tags: ["posts"], blog: "main", eleventyComputed: { permalink: (data) => postUrl("/", data.page) } };
