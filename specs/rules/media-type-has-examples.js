// pgi/media-type-has-examples: every request and response body has an `example` or named `examples`.
export default function MediaTypeHasExamples() {
  return {
    MediaType(mediaType, ctx) {
      const hasExample = mediaType.example !== undefined;
      const hasExamples = mediaType.examples && Object.keys(mediaType.examples).length > 0;
      if (!hasExample && !hasExamples) {
        ctx.report({
          message: "Body must have an example or named examples taken from the interface.",
          location: ctx.location.key(),
        });
      }
    },
  };
}
