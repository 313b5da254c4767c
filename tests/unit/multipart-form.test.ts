import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiErrorOf } from "../helpers/api-error";
import { readForm } from "@/lib/server/http/multipart";

const png = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/photo.png"));

const contract = {
  fields: z.strictObject({ title: z.string().min(1) }),
  files: {
    picture: { maxBytes: 1024 * 1024, types: ["image/png"], refusal: "The picture must be a PNG image" },
    notes: { maxBytes: 1024 },
  },
};

/**
 * A request whose body is the encoded form, as it arrives from the network. (A Request built on a
 * FormData object streams it from undici's own generator, which on Node 24 rejects unhandled when a
 * refused upload cancels the stream: that is not what a server ever reads.)
 */
async function formRequest(build: (form: FormData) => void) {
  const form = new FormData();
  build(form);
  const encoded = new Response(form);
  return new Request("http://localhost/api/x", {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
  });
}

describe("readForm", () => {
  it("hands typed fields and each file with the type read from its bytes", async () => {
    const form = await readForm(
      await formRequest((f) => {
        f.set("title", "A cat");
        f.set("picture", new Blob([png], { type: "application/octet-stream" }), "cat.bin");
        f.set("notes", new Blob(["plain words"]), "notes.txt");
      }),
      contract,
    );
    expect(form.fields).toEqual({ title: "A cat" });
    expect(form.files.picture).toMatchObject({ filename: "cat.bin", mime: "image/png" });
    expect(form.files.picture?.data.equals(png)).toBe(true);
    expect(form.files.notes).toMatchObject({ filename: "notes.txt", mime: undefined });
  });

  it("counts an empty file part (a file input left empty) as no file", async () => {
    const form = await readForm(
      await formRequest((f) => {
        f.set("title", "Nothing attached");
        f.set("picture", new Blob([]), "");
      }),
      contract,
    );
    expect(form.files).toEqual({});
  });

  it("refuses bytes of another type with 415 and the rule's message, whatever the name and declared type say", async () => {
    const error = await apiErrorOf(
      readForm(
        await formRequest((f) => {
          f.set("title", "Not a cat");
          f.set("picture", new Blob(["#!/bin/sh\n"], { type: "image/png" }), "cat.png");
        }),
        contract,
      ),
    );
    expect([error.status, error.message]).toEqual([415, "The picture must be a PNG image"]);
  });

  it("refuses invalid fields as a validation error, a file past its size with 413 and an undeclared file with 400", async () => {
    await expect(readForm(await formRequest((f) => f.set("title", "")), contract)).rejects.toBeInstanceOf(z.ZodError);
    const tooBig = await apiErrorOf(
      readForm(
        await formRequest((f) => {
          f.set("title", "Long notes");
          f.set("notes", new Blob(["x".repeat(2048)]), "notes.txt");
        }),
        contract,
      ),
    );
    expect(tooBig.status).toBe(413);
    const unexpected = await apiErrorOf(
      readForm(
        await formRequest((f) => {
          f.set("title", "Extra");
          f.set("script", new Blob(["x"]), "run.sh");
        }),
        contract,
      ),
    );
    expect(unexpected.status).toBe(400);
  });
});
