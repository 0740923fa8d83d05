import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { contractForTheBrowser } from "./vite-plugins/contract-for-the-browser.ts";
import { stringTiers } from "./vite-plugins/string-tiers.ts";
import { reactRouterProduction } from "./vite-plugins/react-router-production.ts";
import { mantineStaticStyles } from "./vite-plugins/mantine-static-styles.ts";
import { scrollAreaMergeRefs } from "./vite-plugins/scroll-area-merge-refs.ts";
import { precompress } from "./vite-plugins/precompress.ts";
import { firstScreens } from "./vite-plugins/first-screens.ts";
import { mantineUsedStylesPlugin } from "./vite-plugins/mantine-used-styles.ts";
import { mantineRadioParts } from "./vite-plugins/mantine-radio-parts.ts";

/**
 * Mantine's card, heading, link, close button and loader (with Mantine's core, which they import).
 * The loader is the button's (a loading button): left to the fields' group, which takes it as the
 * input's dependency, every screen with a button downloaded the fields' 4 kB (issue 26 §3).
 */
const FORMS = new RegExp(
  [
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](CloseButton|Paper|Title|Anchor|Loader)[\\/]|[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]/.source,
    // What Take a Test's list and every first screen of the test page draw with (issue 26 §3): as
    // 14 chunks of 0.1–1.5 kB they were 14 requests, queued six at a time over HTTP/1.1 on a phone.
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Button|Group|Stack|Alert|Transition|VisuallyHidden|Breadcrumbs)[\\/]/.source,
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/](DirectionProvider|utils[\\/](is-element|get-env|create-safe-context|noop|create-event-handler)|MantineProvider[\\/]color-functions[\\/](get-contrast-color|get-auto-contrast-value))[\\/]/.source,
    /[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-reduced-motion|use-merged-ref|use-uncontrolled)[\\/]/.source,
    /[\\/]src[\\/]ui[\\/](Breadcrumbs|reachable)\.tsx?$/.source,
  ].join("|"),
);
/**
 * Mantine's field: not on the Take a Test list, the candidate's first screen (issue 26 §3). With
 * the inline input (the checkbox's and the radio's label), which every first screen of the test page
 * draws: left to the answer fields' group, the capability check downloaded the radio and textarea.
 */
const FIELDS = /[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](Input|InputBase|TextInput)|utils[\\/](InlineInput|InputsGroupFieldset))[\\/]/;
/**
 * The test page's small modules besides its screen (issue 26 §3): a test resumed in progress asked
 * for each of them (0.3–0.8 kB) as a request of its own.
 */
const TEST_PAGE = /[\\/]src[\\/]features[\\/]taking[\\/](flow[\\/](questions|clock)|qtiResponse)\.tsx?$|[\\/]contract[\\/]src[\\/]content[\\/](qti-response|format)\.ts$/;
/** The test page's answer fields (Mantine's Radio and Textarea): one request, not three. */
const ANSWER_FIELDS = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Radio|Textarea)[\\/]/;
/** What the sign-in page (drawn without Mantine: ui/plain.tsx) shares with other screens. */
const SIGN_IN = /[\\/]src[\\/]ui[\\/](pageMeta|useApiErrorText|FormError|plain)\.tsx?$/;

const SRC = fileURLToPath(new URL("./src", import.meta.url));

export default defineConfig({
  plugins: [contractForTheBrowser(), stringTiers(), reactRouterProduction(), mantineStaticStyles(), mantineUsedStylesPlugin(SRC), mantineRadioParts(SRC), scrollAreaMergeRefs(), react(), firstScreens(), precompress()],
  server: {
    port: 5173,
    // In `npm run dev` the API runs on PORT (3000) and Vite proxies to it.
    proxy: Object.fromEntries(
      ["/api", "/login", "/logout", "/send_password_reset", "/set_reset_password", "/setup_account"].map((p) => [
        p,
        { target: "http://localhost:3000", bypass: (req) => (req.method === "GET" && req.headers.accept?.includes("text/html") ? req.url : undefined) },
      ]),
    ),
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // bench/bundle.ts reads which chunks each route pulls from the manifest.
    manifest: true,
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: a screen that imports one route
      // must not pull every area's zod schemas into the shared chunk.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) },
      output: {
        // The shell chunk lists every chunk a lazy screen preloads (__vite__mapDeps): without the
        // module's name in the file name that list is some 1.2 kB gzipped shorter. The manifest
        // keeps each chunk's name (bench/bundle.ts prints it).
        chunkFileNames: "assets/[hash].js",
        codeSplitting: {
          groups: [
            { name: "shell", tags: ["$initial"] },
            // What the sign-in page shows besides the shell, and most forms and pages share (issue 12):
            // one chunk rather than a dozen small ones, each a request and compressed apart.
            { name: "forms", test: FORMS },
            { name: "fields", test: FIELDS },
            { name: "sign-in", test: SIGN_IN },
            { name: "test-page", test: TEST_PAGE },
            { name: "answer-fields", test: ANSWER_FIELDS },
            { name: "react-query", test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
