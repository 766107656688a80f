// Public entry of @pgi/webhooks (work in progress: issue 7).
export {};
