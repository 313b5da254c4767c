// What a history attachment is, from its file name or URL (docs/product/files.md): decides
// whether the thread shows an image, a player, or a file card with its icon.
export type FileKind = "image" | "video" | "audio" | "document" | "archive" | "code" | "file";

const EXTENSIONS: Record<Exclude<FileKind, "file">, readonly string[]> = {
  image: ["png", "jpg", "jpeg", "gif", "webp", "bmp", "svg", "avif", "heic", "heif", "ico", "tif", "tiff"],
  video: ["mp4", "webm", "mov", "m4v", "avi", "mkv", "ogv", "3gp", "mpeg", "mpg"],
  audio: ["mp3", "wav", "ogg", "oga", "opus", "m4a", "aac", "flac", "weba", "amr"],
  document: [
    "pdf",
    "doc",
    "docx",
    "odt",
    "rtf",
    "txt",
    "md",
    "xls",
    "xlsx",
    "ods",
    "csv",
    "ppt",
    "pptx",
    "odp",
    "epub",
  ],
  archive: ["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz", "zst"],
  code: [
    "js",
    "mjs",
    "cjs",
    "ts",
    "tsx",
    "jsx",
    "py",
    "rb",
    "go",
    "rs",
    "java",
    "kt",
    "c",
    "h",
    "cpp",
    "hpp",
    "cs",
    "php",
    "swift",
    "sh",
    "sql",
    "html",
    "css",
    "json",
    "yaml",
    "yml",
    "xml",
    "toml",
  ],
};

const KIND_BY_EXTENSION = new Map(
  Object.entries(EXTENSIONS).flatMap(([kind, exts]) => exts.map((ext) => [ext, kind as FileKind] as const)),
);

/** The extension of a file name or URL (query and fragment ignored), lower-case, or "". */
export function fileExtension(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/, 1)[0];
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The kind of a file by its extension; "file" when unknown. */
export const fileKind = (nameOrUrl: string): FileKind => KIND_BY_EXTENSION.get(fileExtension(nameOrUrl)) ?? "file";

/** The file name a download gets: the last path segment, query stripped, URL-decoded. */
export function fileNameOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/, 1)[0];
  const name = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(name) || "file";
  } catch {
    return name || "file";
  }
}
