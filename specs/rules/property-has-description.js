// pgi/property-has-description: every schema property says what it is (on the property or its $ref target).
export default function PropertyHasDescription() {
  return {
    Schema(schema, ctx) {
      if (!schema || typeof schema !== "object" || !schema.properties) return;
      for (const [name, property] of Object.entries(schema.properties)) {
        if (property && typeof property === "object" && typeof property.description === "string") continue;
        const target = ctx.resolve(property)?.node;
        if (target && typeof target.description === "string" && target.description.trim() !== "") continue;
        ctx.report({
          message: `Property \`${name}\` must have a description.`,
          location: ctx.location.child(["properties", name]).key(),
        });
      }
    },
  };
}
