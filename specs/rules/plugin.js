// The project's own Redocly rules, one per file, registered under the `pgi/` prefix.
import mediaTypeHasExamples from "./media-type-has-examples.js";
import noAuthorizationHeaderParameter from "./no-authorization-header-parameter.js";
import operationHasTag from "./operation-has-tag.js";
import propertyHasDescription from "./property-has-description.js";
import securityDeclared from "./security-declared.js";

const rules = {
  "operation-has-tag": operationHasTag,
  "media-type-has-examples": mediaTypeHasExamples,
  "property-has-description": propertyHasDescription,
  "security-declared": securityDeclared,
  "no-authorization-header-parameter": noAuthorizationHeaderParameter,
};

export default function pgiPlugin() {
  return { id: "pgi", rules: { oas3: rules } };
}
