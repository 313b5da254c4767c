/** JSON that cannot close the inline script element it is written into. */
export const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
