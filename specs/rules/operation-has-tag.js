// pgi/operation-has-tag: every operation, webhooks and callbacks included, carries at least one tag.
export default function OperationHasTag() {
  return {
    Operation(operation, ctx) {
      if (!Array.isArray(operation.tags) || operation.tags.length === 0) {
        ctx.report({
          message: "Operation must have at least one tag (it groups the operation in the docs).",
          location: ctx.location.key(),
        });
      }
    },
  };
}
