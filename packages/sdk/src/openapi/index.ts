export { createOpenApiDocument } from './create-openapi-document.js';
