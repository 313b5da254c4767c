import { z } from "zod";

// GET /api/files/{key}?exp=&sig=: the stored file's bytes (Range supported), never a JSON answer.
export const storedFileResponseSchema = z.never();
