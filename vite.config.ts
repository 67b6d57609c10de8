import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import { join, relative, resolve } from 'node:path';
import type { OutputBundle } from 'rolldown';
import { build, defineConfig, type Plugin } from 'vite';
import { ROUTE_LIST_FILE } from './engine/rules/route-paths';
import { IN_APP_KEY, ROUTE_PRELOADS_FILE, routePathOfFile } from './engine/rules/route-preloads';
import { signRootCertPem } from './gateway/security/build-root';
import { COMPRESSED_SUFFIX, compressedForms } from './gateway/static/file-cache';
import { messagesPlugin } from './src/i18n/messages-plugin';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * V8 reads the compile hint only as a file's first line, and the entry chunk gets the preload map
 * (`__vite__mapDeps`) written above its banner: this moves the hint back to the top. Both lines carry no source
 * mappings, so swapping them leaves the source map exact.
 */
function compileHintFirst(): Plugin {
  return {
    name: 'compile-hint-first',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          const [first, second, ...rest] = chunk.code.split('\n');
          if (second === COMPILE_HINT) chunk.code = [second, first, ...rest].join('\n');
        }
      },
    },
  };
}

/**
 * Writes the full path of every client route (read from the generated route tree) to `dist/routes.json`, so the
 * gateway can answer 404 for a path no route matches while still serving the app's not-found page.
 */
function routeList(): Plugin {
  return {
    name: 'route-list',
    apply: 'build',
    generateBundle() {
      const tree = readFileSync(new URL('./src/routeTree.gen.ts', import.meta.url), 'utf8');
      const block = /interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
      const paths = [...block.matchAll(/'([^']+)':/g)].map((match) => match[1]);
      if (paths.length === 0) this.error('no routes found in src/routeTree.gen.ts');
      this.emitFile({ type: 'asset', fileName: ROUTE_LIST_FILE, source: JSON.stringify(paths) });
    },
  };
}

/** A chunk's files before it can run: itself, its static imports and theirs, and the style sheets of all of them. */
function closureOf(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
  for (const imported of chunk.imports) closureOf(bundle, imported, seen);
  return seen;
}

/**
 * What every page loads first inside the app: the bridge, and the session check, which starts with the page there
 * (src/main.tsx).
 */
const IN_APP_FIRST = /[\\/]src[\\/](bridge[\\/]|auth[\\/]auth-actions\.ts$)/;

/**
 * Writes `dist/route-preloads.json` (engine/rules/route-preloads.ts): for each route, the files its code-split page
 * loads before its first render that index.html does not already name, found in the bundle's import graph; and the
 * bridge's, which every page loads first inside the app. The gateway puts them in the page as preload links: on a
 * phone's network each round trip saved is half a second.
 */
function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const inIndex = new Set<string>();
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) closureOf(bundle, entry.fileName, inIndex);
        const beyondIndex = (files: Set<string>) =>
          [...files].filter((file) => !inIndex.has(file)).map((file) => `/${file}`);
        const table: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId ?? '';
          const split = /[\\/]src[\\/]routes[\\/]([^?]+)\.tsx\?tsr-split=/.exec(id);
          const route = split ? routePathOfFile(split[1]!.replaceAll('\\', '/')) : null;
          if (!route) continue;
          table[route] = [...new Set([...(table[route] ?? []), ...beyondIndex(closureOf(bundle, chunk.fileName))])];
        }
        if (Object.keys(table).length === 0) this.error('no code-split route pages found in the bundle');
        const bridge = new Set<string>();
        for (const chunk of chunks.filter((item) => inIndex.has(item.fileName)))
          for (const dynamic of chunk.dynamicImports) {
            const target = bundle[dynamic];
            if (target?.type === 'chunk' && target.moduleIds.some((id) => IN_APP_FIRST.test(id)))
              closureOf(bundle, dynamic, bridge);
          }
        if (bridge.size === 0)
          this.error("the app bridge's chunk was not found among the first chunks' dynamic imports");
        table[IN_APP_KEY] = beyondIndex(bridge);
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table) });
      },
    },
  };
}

/** Classic scripts of public/ that every page loads before the app: written minified, comments and all gone. */
const MINIFIED_PUBLIC_SCRIPTS = ['boot.js', 'risk-sdk.js'];

/** The first script, which index.html loads by name: the build gives it a content hash (see below). */
const BOOT_SCRIPT = 'boot.js';

/**
 * Minifies the public scripts once they are copied into the build: the readable source stays in public/ (and in
 * the tests, which run it as written), while a phone downloads boot.js at less than half its gzip size. boot.js then
 * moves to `assets/boot-<hash>.js` and index.html names that file: a name that never changes content is cached for
 * good, so a returning visitor's page no longer waits one round trip to revalidate it before the rest of the head
 * (half a second on a slow mobile network). Runs before the service worker's precache list is made, so the list and
 * its revisions are those of the files served.
 */
function minifiedPublicScripts(): Plugin {
  let outDir = 'dist';
  return {
    name: 'minified-public-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      for (const name of MINIFIED_PUBLIC_SCRIPTS) {
        const path = join(outDir, name);
        const { code } = await transform(readFileSync(path, 'utf8'), { minify: true, target: 'es2019', loader: 'js' });
        writeFileSync(path, code);
        if (name !== BOOT_SCRIPT) continue;
        const hashed = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        // Like every script of assets/, it opens with the compile hint: V8 compiles it whole, off the main thread.
        writeFileSync(join(outDir, hashed), `${COMPILE_HINT}\n${code}`);
        unlinkSync(path);
        const index = join(outDir, 'index.html');
        const html = readFileSync(index, 'utf8');
        if (!html.includes(`src="/${BOOT_SCRIPT}"`)) throw new Error(`index.html does not load /${BOOT_SCRIPT}`);
        writeFileSync(index, html.replace(`src="/${BOOT_SCRIPT}"`, `src="/${hashed}"`));
      }
    },
  };
}

/**
 * Built files the service worker does not precache: source maps, the route list only the gateway reads, and the
 * compressed forms the gateway sends in the files' place.
 */
const NOT_PRECACHED = [/\.map$/, /^routes\.json$/, /^route-preloads\.json$/, /^sw\.js$/, /\.(br|gz)$/];
/** Names with a content hash (Vite's `-[hash].ext`) never change content: they need no revision. */
const HASHED = /^assets\//;

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/**
 * Builds the service worker (workers/service-worker/service-worker.ts) into `dist/sw.js` once the app is written,
 * with the build's precache list in place of `__PRECACHE_MANIFEST__`: every file of the build but source maps and
 * the route list, hashed assets by name, the others (index.html, public files) with a revision from their content.
 * A separate one-file build (no chunks to share with the app, a classic script every browser runs as a worker).
 */
function serviceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = filesUnder(outDir)
        .filter((file) => !NOT_PRECACHED.some((pattern) => pattern.test(file)))
        .sort()
        .map((file) => ({
          url: `/${file}`,
          revision: HASHED.test(file)
            ? null
            : createHash('sha256')
                .update(readFileSync(join(outDir, file)))
                .digest('hex')
                .slice(0, 16),
        }));
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __PRECACHE_MANIFEST__: JSON.stringify(manifest) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          sourcemap: false,
          rolldownOptions: {
            input: join(import.meta.dirname, 'workers/service-worker/service-worker.ts'),
            output: { format: 'iife', entryFileNames: 'sw.js' },
          },
        },
      });
    },
  };
}

/**
 * Writes each built file's brotli and gzip forms beside it (`x.js.br`, `x.js.gz`) once everything else is written,
 * the service worker included, so the gateway sends them as they are (gateway/static/file-cache.ts) instead of
 * compressing a whole build at the best levels on its event loop when its first visitors arrive.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = filesUnder(outDir).filter((file) => !/\.(map|br|gz)$/.test(file));
        await Promise.all(
          files.map(async (file) => {
            const path = join(outDir, file);
            const forms = await compressedForms(file, await readFile(path));
            if (!forms) return;
            await writeFile(path + COMPRESSED_SUFFIX.brotli, forms.brotli);
            await writeFile(path + COMPRESSED_SUFFIX.gzip, forms.gzip);
          }),
        );
      },
    },
  };
}

// `npm run dev` proxies the APIs to a gateway started beside Vite (scripts/dev.mjs).
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // Routes are files under src/routes (a `-` prefix marks a folder that is not a route); the plugin writes the
    // route tree to src/routeTree.gen.ts and splits each route's component into a chunk of its own.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single', semicolons: true }),
    messagesPlugin(),
    react(),
    compileHintFirst(),
    routeList(),
    routePreloads(),
    minifiedPublicScripts(),
    serviceWorker(),
    precompress(),
  ],
  define: {
    // The root certificate the client verifies the server's signing key against (signing contract §1).
    'import.meta.env.VITE_SIGN_ROOT_CERT': JSON.stringify(signRootCertPem()),
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    // The spec's markets page must paint fast on a cheap phone: keep the first chunk small.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Chromium's explicit compile hint: compile every function of our chunks eagerly on the
        // streaming (background) thread instead of lazily on the main thread at first call.
        postBanner: COMPILE_HINT,
        codeSplitting: {
          groups: [
            // What every page runs before its first render, in one file rather than seven small ones.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|valtio|proxy-compare|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]|^\0(rolldown\/runtime|vite\/preload-helper)/,
            },
            // Small modules of the first chunk that lazy pages import too: kept with it rather than split into files
            // of a few hundred bytes each, every one of them loaded by every page anyway.
            {
              name: 'app-core',
              test: /src[\\/](platform[\\/](storage|page-visibility)|bridge[\\/]app-bridge|ui[\\/]StateView)\.tsx?$|engine[\\/]rules[\\/]route-languages\.ts$/,
            },
            // The modules every asset page shares, in one file for the area (their imports stay where they are), with
            // the link that leads into the app (the overview's deposit and withdraw, the in-app pages' records).
            {
              name: 'asset-area',
              test: /src[\\/](asset[\\/](asset-api|AssetStates|use-asset-reply|asset-format|LtrFigures)|ui[\\/]AppScreenLink)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/v1': gateway,
      // `/api/v2/...` is the gateway's; `/api` itself is the app's API keys page.
      '^/api/': gateway,
      '/v2/ws': { target: gateway.replace(/^http/, 'ws'), ws: true },
    },
  },
});
