// Stands in for Next's polyfill-module (next.config.ts): the features it adds (String trimStart and
// trimEnd, Array flat and flatMap, Promise finally, Object fromEntries and hasOwn, Array at, URL.canParse)
// are in every browser the app supports, and Lighthouse reports the module as legacy JavaScript.
