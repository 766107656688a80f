// Public entry of @pgi/conformance (work in progress: issue 6).
export {};
