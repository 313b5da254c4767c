#!/usr/bin/env node
// docs/README.md's "Decisions" list, generated from docs/decisions/: one line per record, in number
// order, with the title its first line gives (`# NNNN. Title`). `npm run docs:index` rewrites the
// list; tests/unit/decisions-index.test.ts fails while the list and the records differ.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const decisionsDir = path.join(root, "docs", "decisions");
const readmePath = path.join(root, "docs", "README.md");

/** The heading every record starts with: its own number, a full stop, its title. */
export const HEADING = /^# (\d{4})\. (\S.*)$/;

/** Each record's file, number and title; `problem` says what is wrong with a heading that does not parse. */
export function decisionRecords() {
  return fs
    .readdirSync(decisionsDir)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const firstLine = fs.readFileSync(path.join(decisionsDir, file), "utf8").split("\n")[0];
      const match = HEADING.exec(firstLine);
      const number = file.slice(0, 4);
      const problem = !match
        ? `its first line is "${firstLine}", not "# ${number}. <title>"`
        : match[1] !== number
          ? `its heading says ${match[1]}, its file name ${number}`
          : null;
      return { file, number, title: match ? match[2].trim() : firstLine.replace(/^#+\s*/, ""), problem };
    });
}

/** The list as docs/README.md holds it. */
export const indexLines = (records = decisionRecords()) =>
  records.map(({ file, number, title }) => `- [${number} ${title}](decisions/${file})`);

const LIST = /(## Decisions\n\n[^\n]*\n\n)((?:- .*\n)*)/;

/** The list docs/README.md holds now, one line per entry. */
export function currentIndex(readme = fs.readFileSync(readmePath, "utf8")) {
  const match = LIST.exec(readme);
  if (!match) throw new Error('docs/README.md has no "## Decisions" list');
  return match[2].split("\n").filter(Boolean);
}

function writeIndex() {
  const records = decisionRecords();
  const broken = records.filter((r) => r.problem);
  for (const r of broken) console.error(`docs/decisions/${r.file}: ${r.problem}`);
  if (broken.length) process.exit(1);
  const readme = fs.readFileSync(readmePath, "utf8");
  currentIndex(readme);
  fs.writeFileSync(
    readmePath,
    readme.replace(LIST, (_, head) => `${head}${indexLines(records).join("\n")}\n`),
  );
  console.log(`docs/README.md: ${records.length} decision records listed`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeIndex();
