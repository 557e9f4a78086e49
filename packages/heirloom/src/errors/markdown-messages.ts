// The catalogue's messages about rendering markdown: the site's markdown-it plugins and the code themes.
import { errorEntry as entry } from "./errors.ts";

export const MarkdownPluginFailed = entry({
  code: "ConfigError",
  title: "A markdown plugin threw while it was set up",
  message: ({ index, reason }: { index: number; reason: string }) =>
    `markdown.plugins[${index}] in site.config.ts threw while it was set up: ${reason}`,
  hint: () =>
    "check the plugin's options against its documentation (a plugin is listed as plugin or [plugin, options]); " +
    "run the build with --debug for the stack trace.",
});

export const MarkdownRenderFailed = entry({
  code: "MarkdownRenderError",
  title: "A markdown plugin threw while rendering a file",
  message: ({ file, reason }: { file: string; reason: string }) =>
    `Could not render the markdown of ${file}: a plugin threw: ${reason}`,
  hint: () =>
    "look in the file for the markup the plugin reads (such as a container or footnote written differently " +
    "than it expects); run the build with --debug for the stack trace.",
});

export const UnknownCodeTheme = entry({
  code: "ConfigError",
  title: "A code theme is not one of Shiki's themes",
  message: ({ theme }: { theme: string }) =>
    `The code theme "${theme}" in site.config.ts is not one of Shiki's themes.`,
  hint: () =>
    'name a theme listed at https://shiki.style/themes, such as "github-light" and "github-dark", ' +
    "or give a theme object (VS Code's theme JSON).",
});
