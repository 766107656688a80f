// Public entry of @pgi/mock (work in progress: the server lands with issue 5).
export * from "./types.js";
