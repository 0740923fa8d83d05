import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { contractForTheBrowser } from "./vite-plugins/contract-for-the-browser.ts";
import { stringTiers } from "./vite-plugins/string-tiers.ts";

export default defineConfig({
  plugins: [contractForTheBrowser(), stringTiers(), react()],
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
        codeSplitting: {
          groups: [
            { name: "shell", tags: ["$initial"] },
            { name: "react-query", test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
