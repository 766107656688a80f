import { describe, expect, it } from "vitest";
import { entryTargets, problems, specifiers } from "./tarball-check.mjs";

const LICENSE = "MIT License\n\nCopyright (c) the PGI contributors\n";
const REPO = "git+https://example.test/pgi.git";
const EXPECT = { privateNames: new Set(["@pgi/specs"]), license: LICENSE, repositoryUrl: REPO };

/** A clean packed package; each case below breaks one thing. */
function packed(
  over: { manifest?: Record<string, unknown>; files?: Record<string, string>; drop?: string[] } = {},
) {
  const manifest = {
    name: "@pgi/demo",
    version: "0.1.0",
    homepage: "https://example.test/pgi#readme",
    bugs: { url: "https://example.test/pgi/issues" },
    repository: { type: "git", url: REPO, directory: "packages/demo" },
    exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
    bin: { demo: "./bin/demo.js" },
    dependencies: { "@pgi/signing": "0.1.0", ajv: "^8.0.0" },
    devDependencies: { "@pgi/specs": "0.1.0" },
    ...over.manifest,
  };
  const files: Record<string, string> = {
    "package.json": JSON.stringify(manifest),
    LICENSE,
    "README.md": "# demo",
    "CHANGELOG.md": "# @pgi/demo",
    "bin/demo.js": 'await import("../dist/index.js");',
    "dist/index.js":
      'import { sign } from "@pgi/signing";\nimport Ajv from "ajv/dist/2020.js";\nimport { x } from "./x.js";\nimport { readFileSync } from "node:fs";\n//# sourceMappingURL=index.js.map',
    "dist/index.js.map": JSON.stringify({ sources: ["../src/index.ts"], sourcesContent: ["export {}"] }),
    "dist/index.d.ts": '/** @example import { y } from "express"; */\nexport * from "./x.js";',
    "dist/x.js": "export const x = 1;",
    "dist/x.d.ts": "export declare const x = 1;",
    ...over.files,
  };
  for (const f of over.drop ?? []) delete files[f];
  return { manifest, files: Object.keys(files), read: (f: string) => files[f] ?? "" };
}

describe("problems of a packed package", () => {
  it("finds none in a clean package (comments and builtins do not count as imports)", () => {
    expect(problems(packed(), EXPECT)).toEqual([]);
  });

  it.each([
    { name: "a missing LICENSE", p: packed({ drop: ["LICENSE"] }), want: /LICENSE is missing/ },
    { name: "a missing CHANGELOG", p: packed({ drop: ["CHANGELOG.md"] }), want: /CHANGELOG.md is missing/ },
    {
      name: "a private dependency",
      p: packed({ manifest: { dependencies: { "@pgi/specs": "0.1.0" } } }),
      want: /dependencies.@pgi\/specs is private/,
    },
    {
      name: "a workspace range",
      p: packed({ manifest: { dependencies: { "@pgi/signing": "workspace:*", ajv: "^8.0.0" } } }),
      want: /workspace range/,
    },
    {
      name: "an export target not shipped",
      p: packed({ drop: ["dist/index.d.ts"] }),
      want: /dist\/index.d.ts/,
    },
    { name: "a bin not shipped", p: packed({ drop: ["bin/demo.js"] }), want: /bin\/demo.js, which is not/ },
    { name: "a relative import to nothing", p: packed({ drop: ["dist/x.js"] }), want: /imports .\/x.js/ },
    {
      name: "an undeclared bare import",
      p: packed({ files: { "dist/t.test-d.js": 'import { expectTypeOf } from "vitest";' } }),
      want: /vitest is not a dependency/,
    },
    {
      name: "a test file in dist",
      p: packed({ files: { "dist/a.test-d.js": "" } }),
      want: /a.test-d.js is a test file/,
    },
    {
      name: "a source map pointing at unshipped src/",
      p: packed({ files: { "dist/index.js.map": JSON.stringify({ sources: ["../src/index.ts"] }) } }),
      want: /neither shipped nor embedded/,
    },
    {
      name: "no repository",
      p: packed({ manifest: { repository: undefined } }),
      want: /repository.url is undefined/,
    },
    { name: "no bugs", p: packed({ manifest: { bugs: undefined } }), want: /no bugs/ },
  ])("reports $name", ({ p, want }) => {
    expect(problems(p, EXPECT).join("\n")).toMatch(want);
  });
});

describe("helpers", () => {
  it("entryTargets lists exports, bin and main, normalised", () => {
    expect(
      entryTargets({ exports: { ".": { default: "./dist/a.js" } }, bin: "./bin/b.js", main: "c.js" }),
    ).toEqual(["dist/a.js", "bin/b.js", "c.js"]);
  });

  it("specifiers finds static, dynamic, side-effect and require imports, not commented ones", () => {
    const code =
      'import a from "a";\nexport { b } from "./b.js";\nimport "side";\nconst c = await import("c");\nconst d = require("d/x.js");\n// import e from "e";\n/* from "f" */\nconst rule = { "from": "10:00", to: "13:00" };';
    expect(specifiers(code)).toEqual(["a", "./b.js", "side", "c", "d/x.js"]);
  });
});
