/**
 * Writes the demo world's QTI test (content/en-qti-interactions.json and its media) from the
 * fixture items, one of every interaction, through the real importer:
 *   npx tsx packages/server/src/qti/test/make-demo.ts
 */
import fs from "node:fs";
import path from "node:path";
import { readPackage } from "../package.js";
import { ALL_FIXTURES, buildPackage, fixture } from "./build.js";

const root = path.resolve(import.meta.dirname, "../../../../..");
const chart = fs.readFileSync(path.join(root, "content/media/en-reading/borrowing-chart.svg"));
// The sign item asks what the picture says: a picture of that sign (media/sign.svg).
const sign = fs.readFileSync(path.join(import.meta.dirname, "media/sign.svg"));
const voicemail = fs.readFileSync(path.join(root, "content/media/en-listening/voicemail.ogg"));
const svg = (xml: string) => xml.replace(/images\/(sign|map)\.png/g, "images/$1.svg");
const items = ALL_FIXTURES.map((name) => ({ name, xml: svg(fixture(name)), category: "numbered" }));
const zip = buildPackage(
  [
    { title: "Choices and cloze", items: items.filter((i) => ["choice", "choice-multiple", "inline-choice", "text-entry", "gap-match", "hottext"].includes(i.name)) },
    { title: "Matching, order and pictures", items: items.filter((i) => ["match", "associate", "order", "hotspot", "select-point"].includes(i.name)) },
    { title: "Listening and writing", items: items.filter((i) => ["media", "end-attempt", "extended-text"].includes(i.name)) },
  ],
  { title: "English Interactions (QTI 3)", maxTime: 30 * 60, extra: { "items/images/sign.svg": sign, "items/images/map.svg": chart, "items/audio/greeting.ogg": voicemail } },
);
const report = await readPackage(zip, { key: "en-qti-interactions", test_type_short_name: "reading", time_limit_minutes: 30 });
if (!report.ok) throw new Error(report.problems.join("\n"));
fs.writeFileSync(path.join(root, "content/en-qti-interactions.json"), JSON.stringify(report.content, null, 2) + "\n");
for (const [mediaPath, data] of report.media) {
  const target = path.join(root, "content", mediaPath);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, data);
}
console.log(`content/en-qti-interactions.json: ${report.items} items, ${report.media.size} media files; ${JSON.stringify(report.interactions)}`);
