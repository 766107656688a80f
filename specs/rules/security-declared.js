// pgi/security-declared: each operation states its security; an operation with none must say why.
export default function SecurityDeclared() {
  return {
    Operation(operation, ctx) {
      if (!Array.isArray(operation.security)) {
        ctx.report({
          message:
            "Operation must declare `security` (the schemes and scopes it needs, or [] with x-pgi-no-token explaining why none).",
          location: ctx.location.key(),
        });
        return;
      }
      const none =
        operation.security.length === 0 || operation.security.every((r) => Object.keys(r).length === 0);
      if (none && typeof operation["x-pgi-no-token"] !== "string") {
        ctx.report({
          message: "Operation declares no security: add x-pgi-no-token with the reason no token is needed.",
          location: ctx.location.child("security"),
        });
      }
    },
  };
}
