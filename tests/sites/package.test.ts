// The engine as a new user gets it: the packed tarball installed offline into an empty folder, `heirloom
// init`, then check, build, a failing build and preview, all through the package's own command; nothing of
// this repository is used but the tarball and npm's cache. The package's folder is never written to (a
// package may be installed read-only; the tests run as root, so this is checked by its files, not a chmod).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesIn, installOffline } from "../helpers/package.ts";
import { packedEngine } from "../helpers/shared-build.ts";
import { engineRoot, moduleTrap } from "../helpers/site.ts";

let installed: string;
let site: string;
let tarball: string;
let packageFiles: string[];
const servers: ChildProcess[] = [];
/** Every file of the installed package with its size and modification time. */
const packageState = () => {
  const dir = path.join(installed, "node_modules", "heirloom");
  return filesIn(dir).map((file) => {
    const { size, mtimeMs } = statSync(path.join(dir, file));
    return `${file} ${size} ${mtimeMs}`;
  });
};

/** The installed `heirloom` command, run in `cwd` with a plain environment (no cache set by the tests). */
const heirloom = (cwd: string, ...args: string[]) =>
  spawnSync(path.join(installed, "node_modules", ".bin", "heirloom"), args, {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1" },
  });

beforeAll(async () => {
  // The tarball the registry's test publishes too.
  tarball = await packedEngine();
  installed = installOffline(tarball);
  packageFiles = packageState();
  site = path.join(installed, "my-site");
}, 180_000);

afterAll(() => {
  for (const server of servers) server.kill();
});

describe("the packed engine", () => {
  it("ships its command, compiled code, types and starters, and no source, test or content of this repository", () => {
    const files = filesIn(path.join(installed, "node_modules", "heirloom"));
    for (const file of ["bin/heirloom.js", "dist/cli.cjs", "dist/index.js", "dist/types/index.d.ts", "package.json"])
      expect(files).toContain(file);
    // npm keeps the starter's .github/ (only .gitignore would be left out: it is shipped as gitignore).
    for (const file of ["site.config.ts", ".github/workflows/pages.yml", "content/posts/images/evening-hills.jpg"])
      expect(files).toContain(`starters/blog/${file}`);
    for (const starter of ["minimal", "docs"]) expect(files).toContain(`starters/${starter}/site.config.ts`);
    expect(files).toContain("starters/docs/.github/workflows/pages.yml");
    expect(files.filter((f) => /^(src|tests|content|scripts)\//.test(f))).toEqual([]);
    const version = heirloom(installed, "--version");
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(engineRoot, "package.json"), "utf8")).version);
  });

  it("ships its guide as its README and its MIT licence, and its package.json says so with its engines", () => {
    const listed = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" }).stdout.split("\n");
    expect(listed).toEqual(expect.arrayContaining(["package/README.md", "package/LICENSE", "package/package.json"]));
    const dir = path.join(installed, "node_modules", "heirloom");
    expect(readFileSync(path.join(dir, "README.md"), "utf8")).toBe(
      readFileSync(path.join(engineRoot, "README.md"), "utf8"),
    );
    expect(readFileSync(path.join(dir, "LICENSE"), "utf8")).toMatch(
      /^MIT License\n\nCopyright \(c\) 2026 The Heirloom authors\n\nPermission is hereby granted, free of charge/,
    );
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    expect(manifest).toMatchObject({ license: "MIT", engines: { node: ">=20.19" } });
    expect(manifest.repository).toMatchObject({ type: "git", directory: "packages/heirloom" });
  });

  it("starts a site with init, names the next commands, and refuses a folder that is not empty", () => {
    const made = heirloom(installed, "init", "my-site");
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain("Made my-site from the blog starter");
    expect(made.stdout).toMatch(/Next:\n {2}cd my-site\n {2}npm install\n {2}npm run dev\n/);
    for (const file of ["site.config.ts", "package.json", "tsconfig.json", "README.md", ".gitignore"])
      expect(existsSync(path.join(site, file)), file).toBe(true);
    expect(readFileSync(path.join(site, ".github", "workflows", "pages.yml"), "utf8")).toContain("npm run build");
    const picture = path.join("content", "posts", "images", "evening-hills.jpg");
    const shipped = readFileSync(path.join(installed, "node_modules", "heirloom", "starters", "blog", picture));
    expect(Buffer.compare(readFileSync(path.join(site, picture)), shipped)).toBe(0);
    expect(Buffer.compare(shipped, readFileSync(path.join(engineRoot, "starters", "blog", picture)))).toBe(0);
    expect(JSON.parse(readFileSync(path.join(site, "package.json"), "utf8"))).toMatchObject({
      name: "my-site",
      dependencies: { heirloom: `^${JSON.parse(readFileSync(path.join(engineRoot, "package.json"), "utf8")).version}` },
    });
    const again = heirloom(installed, "init", "my-site");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("error OutputDirError: Refusing to start a site in");
  });

  it("checks the new site with no problems, its templates' types included", () => {
    const checked = heirloom(site, "check");
    // Its summary is a status line, on stderr: stdout stays for what a program reads (build --json).
    expect(checked.stdout).toBe("");
    expect(checked.stderr).toBe(
      "Checked 13 pages, their links, and the types of site.config.ts and templates/: no problems.\n",
    );
    expect(checked.status).toBe(0);
  });

  it("builds it: its pages, its posts, the 404 page; the caches in the site's node_modules", () => {
    const built = heirloom(site, "build", "--site-url", "https://example.com");
    expect(built.status, built.stderr).toBe(0);
    const dist = path.join(site, "dist");
    const posts = ["an-island", "hello-world", "second-post"].map((slug) => `blog/${slug}/index.html`);
    for (const page of ["index.html", "blog/index.html", ...posts, "404.html", "blog/feed.xml", "sitemap.xml"])
      expect(existsSync(path.join(dist, page)), page).toBe(true);
    const hello = readFileSync(path.join(dist, "blog/hello-world/index.html"), "utf8");
    expect(hello).toContain("<h1>Hello, world</h1>");
    // The picture beside the post, encoded by the package's sharp.
    expect(hello).toMatch(
      /<picture><source type="image\/avif" srcset="\/assets\/images\/evening-hills-\w+-480\.avif 480w/,
    );
    const highlighted = readFileSync(path.join(dist, "blog/an-island/index.html"), "utf8");
    expect(highlighted).toContain('<pre class="shiki" data-language="tsx"');
    expect(readFileSync(path.join(dist, "404.html"), "utf8")).toContain("<h1>Page not found</h1>");
    expect(readdirSync(path.join(site, "node_modules", ".cache", "heirloom"))).toContain("cli-0.1.0.cjs.v8");
  });

  it("highlights a code block with the grammars and themes of the Shiki it installed", () => {
    const post = path.join(site, "content", "posts", "code.md");
    writeFileSync(post, "---\ntitle: Code\ndescription: Code.\ndate: 2026-03-01\n---\n```js\nlet a = 1;\n```\n");
    const built = heirloom(site, "build");
    expect(built.status, built.stderr).toBe(0);
    const html = readFileSync(path.join(site, "dist", "blog", "code", "index.html"), "utf8");
    expect(html).toContain('<pre class="shiki" data-language="js" tabindex="0"><code><span class="line">');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/code-[0-9A-F]{8}\.css"\/>/);
    rmSync(post);
    expect(heirloom(site, "build", "--site-url", "https://example.com").status).toBe(0);
  });

  it("highlights a post's many code blocks in the worker threads of its own highlight-worker.cjs", () => {
    const post = path.join(site, "content", "posts", "many.md");
    // 50 blocks of 40 lines: more code than the main thread is left (MAIN_THREAD_CODE).
    const code = (i: number) =>
      Array.from({ length: 40 }, (_, j) => `let value${i}_${j} = { twice: ${j} * 2, name: "n${j}" };`).join("\n");
    const blocks = Array.from({ length: 50 }, (_, i) => `\`\`\`js\n${code(i)}\n\`\`\`\n`).join("\n");
    writeFileSync(post, `---\ntitle: Many\ndescription: Many.\ndate: 2026-03-01\n---\n${blocks}`);
    try {
      const built = spawnSync(path.join(installed, "node_modules", ".bin", "heirloom"), ["build", "--no-cache"], {
        cwd: site,
        encoding: "utf8",
        env: { PATH: process.env.PATH, NO_COLOR: "1", HEIRLOOM_TRACE: "highlight" },
      });
      expect(built.status, built.stderr).toBe(0);
      expect(built.stderr).toMatch(/^highlight pool: 50 blocks on [1-4] threads, 0 plain$/m);
      expect(packageFiles.some((line) => line.startsWith("dist/highlight-worker.cjs "))).toBe(true);
      const html = readFileSync(path.join(site, "dist", "blog", "many", "index.html"), "utf8");
      expect(html.match(/<pre class="shiki" data-language="js"/g)).toHaveLength(50);
    } finally {
      rmSync(post);
    }
  });

  it("compiles an MDX body and highlights its code with the MDX compiler and Shiki's core it ships as files", () => {
    // The starter's posts are MDX already (body: "mdx").
    expect(readFileSync(path.join(site, "site.config.ts"), "utf8")).toMatch(/folder: "posts",[^}]*body: "mdx"/);
    const post = path.join(site, "content", "posts", "shown.mdx");
    writeFileSync(
      post,
      "---\ntitle: Shown\ndescription: Shown.\ndate: 2026-03-02\n---\n## A heading\n\n{1 + 1} *is* two.\n\n" +
        "```sh\necho two\n```\n",
    );
    try {
      // The compiler and Shiki's core are required from the package's own bundles, not imported from their
      // packages' modules; Shiki's themes and languages come from its package.
      const built = spawnSync(path.join(installed, "node_modules", ".bin", "heirloom"), ["build", "--no-cache"], {
        cwd: site,
        encoding: "utf8",
        env: { PATH: process.env.PATH, NO_COLOR: "1", NODE_OPTIONS: `--require ${moduleTrap(/mdx|shiki/)}` },
      });
      expect(built.status, built.stderr).toBe(0);
      const loaded = built.stderr.split("\n").filter((line) => line.startsWith("loaded "));
      const dist = path.join(installed, "node_modules", "heirloom", "dist");
      expect(loaded.sort()).toEqual([
        `loaded ${path.join(dist, "mdx-compiler.cjs")}`,
        `loaded ${path.join(dist, "shiki-core.cjs")}`,
        "loaded shiki/langs",
        "loaded shiki/themes",
      ]);
      const html = readFileSync(path.join(site, "dist", "blog", "shown", "index.html"), "utf8");
      expect(html).toContain('<h2 id="a-heading">A heading</h2>');
      expect(html).toContain("<p>2 <em>is</em> two.</p>");
      expect(html).toContain('<pre class="shiki" data-language="sh"');
    } finally {
      rmSync(post);
    }
    expect(heirloom(site, "build").status).toBe(0);
  });

  it("builds its island with the package's types and React: its module and the loader, on its page only", () => {
    const built = heirloom(site, "build");
    expect(built.status, built.stderr).toBe(0);
    const dist = path.join(site, "dist");
    const post = readFileSync(path.join(dist, "blog", "an-island", "index.html"), "utf8");
    const src = /<heirloom-island src="\/(assets\/islands\/Counter-\w+\.js)" load="visible"/.exec(post)?.[1];
    expect(src && existsSync(path.join(dist, src))).toBe(true);
    expect(post).toMatch(/<script type="module" src="\/assets\/islands\/loader-\w+\.js"><\/script><\/head>/);
    expect(readdirSync(path.join(dist, "assets", "islands")).some((f) => /^runtime-\w+\.js$/.test(f))).toBe(true);
    for (const page of ["index.html", "blog/index.html", "blog/hello-world/index.html"])
      expect(readFileSync(path.join(dist, page), "utf8"), page).not.toContain("assets/islands");
  });

  it("fails a build of broken content with exit code 1, the file and line, and the old site kept", () => {
    const post = path.join(site, "content", "posts", "second-post.md");
    const before = readFileSync(post, "utf8");
    writeFileSync(post, before.replace("date: 2026-02-02", "date: someday"));
    const broken = heirloom(site, "build");
    writeFileSync(post, before);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("at content/posts/second-post.md:4:1");
    expect(existsSync(path.join(site, "dist", "blog", "second-post", "index.html"))).toBe(true);
  });

  it("fails its npm run build on a template that reads a field its schema lacks, as check does", () => {
    const file = path.join(site, "templates", "pages.tsx");
    const before = readFileSync(file, "utf8");
    expect(before).toContain("<h1>{page.title}</h1>");
    writeFileSync(file, before.replace("<h1>{page.title}</h1>", "<h1>{page.subtitle}</h1>"));
    const env = { PATH: `${path.join(installed, "node_modules", ".bin")}:${process.env.PATH}`, NO_COLOR: "1" };
    const built = spawnSync("npm", ["run", "build"], { cwd: site, encoding: "utf8", env });
    writeFileSync(file, before);
    expect(built.status).toBe(1);
    expect(built.stderr).toContain("TypeCheckError");
    expect(built.stderr).toMatch(/templates\/pages\.tsx:\d+:\d+/);
    expect(built.stderr).toContain("subtitle");
    expect(built.stdout).not.toContain("Wrote");
  });

  it("refuses front matter written as JavaScript at its first line, without running it", () => {
    const post = path.join(site, "content", "posts", "second-post.md");
    const before = readFileSync(post, "utf8");
    const ran = path.join(site, "ran.txt");
    const code = `{ title: (() => { require("fs").writeFileSync(${JSON.stringify(ran)}, "ran"); return "Ran"; })() }`;
    writeFileSync(post, `---js\n${code}\n---\nBody.\n`);
    const refused = heirloom(site, "check");
    writeFileSync(post, before);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'content/posts/second-post.md is marked as "js"; only YAML (between --- lines) and TOML (between +++ lines)',
    );
    expect(refused.stderr).toContain("at content/posts/second-post.md:1");
    expect(existsSync(ran)).toBe(false);
  });

  it("previews the built site: its pages, and the 404 page with status 404 for any other path", async () => {
    const command = path.join(installed, "node_modules", ".bin", "heirloom");
    const server = spawn(command, ["preview", "--port", "0"], { cwd: site, env: { PATH: process.env.PATH } });
    servers.push(server);
    let output = "";
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on("data", (chunk) => {
        output += chunk;
        const found = /Serving dist at (\S+)/.exec(output);
        if (found) resolve(found[1]);
      });
      server.on("exit", (code) => reject(new Error(`preview exited with ${code}: ${output}`)));
    });
    const home = await fetch(url);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<h1>Welcome</h1>");
    const post = await fetch(new URL("blog/second-post/", url));
    expect(await post.text()).toContain("<h1>A second post</h1>");
    const missing = await fetch(new URL("no/such/page", url));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<h1>Page not found</h1>");
  });

  it("runs dev's type check from the site's folder: a template's type error after a save, and its fix", async () => {
    const command = path.join(installed, "node_modules", ".bin", "heirloom");
    const server = spawn(command, ["dev", "--port", "0"], { cwd: site, env: { PATH: process.env.PATH } });
    servers.push(server);
    let output = "";
    const waiting: Array<() => void> = [];
    const collect = (chunk: Buffer) => {
      output += chunk;
      for (const check of waiting.splice(0)) check();
    };
    server.stdout.on("data", collect);
    server.stderr.on("data", collect);
    const waitFor = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} in:\n${output}`)), 60_000);
        const check = () => (pattern.test(output) ? (clearTimeout(timer), resolve()) : waiting.push(check));
        check();
      });
    await waitFor(/type check of site\.config\.ts and templates\/: no problems/);
    const pages = path.join(site, "templates", "pages.tsx");
    const original = readFileSync(pages, "utf8");
    writeFileSync(pages, original.replace("<h1>{page.title}</h1>", "<h1>{page.titel}</h1>"));
    try {
      await waitFor(
        /error TypeCheckError: Property 'titel' does not exist on type [^\n]*\n {2}at templates\/pages\.tsx:\d+:\d+/,
      );
    } finally {
      writeFileSync(pages, original);
    }
    await waitFor(/no problems[\s\S]*TypeCheckError[\s\S]*no problems/);
  }, 150_000);

  it("indexes the site with the Pagefind it installed, for a search box in the header, then builds without", () => {
    const config = path.join(site, "site.config.ts");
    const layout = path.join(site, "templates", "Layout.tsx");
    const [configText, layoutText] = [readFileSync(config, "utf8"), readFileSync(layout, "utf8")];
    try {
      writeFileSync(config, configText.replace("defineSite({", "defineSite({\n  search: true,"));
      const boxed = layoutText.replace("        </header>", "          <Search />\n        </header>");
      writeFileSync(layout, `import { Search } from "heirloom";\n${boxed}`);
      const built = heirloom(site, "build", "--site-url", "https://example.com", "--json");
      expect(built.status, built.stderr).toBe(0);
      const report = JSON.parse(built.stdout);
      expect(report.search).toMatchObject({ indexed: true, pages: expect.any(Number) });
      expect(report.search.pages).toBeGreaterThanOrEqual(5);
      const dist = path.join(site, "dist");
      for (const file of ["pagefind/pagefind.js", "pagefind/pagefind-entry.json", "pagefind/wasm.en.pagefind"])
        expect(existsSync(path.join(dist, file)), file).toBe(true);
      expect(readFileSync(path.join(dist, "blog/hello-world/index.html"), "utf8")).toMatch(/assets\/search-\w+\.js/);
    } finally {
      writeFileSync(config, configText);
      writeFileSync(layout, layoutText);
    }
    expect(heirloom(site, "build", "--site-url", "https://example.com").status).toBe(0);
    expect(existsSync(path.join(site, "dist", "pagefind"))).toBe(false);
  });

  it("wrote nothing into its own folder while it made, checked, built and served the site", () => {
    expect(packageState()).toEqual(packageFiles);
  });
});
