// pgi/no-authorization-header-parameter: Authorization is modelled as a security scheme, never a header parameter (OpenAPI ignores it there).
export default function NoAuthorizationHeaderParameter() {
  return {
    Parameter(parameter, ctx) {
      if (parameter.in === "header" && String(parameter.name).toLowerCase() === "authorization") {
        ctx.report({
          message:
            "Model the Authorization header as a security scheme; OpenAPI tools ignore it as a parameter.",
          location: ctx.location.child("name"),
        });
      }
    },
  };
}
