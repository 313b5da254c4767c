// Nothing to start: without this file Next would take the app's own hook from the folder above.
export function register() {}
