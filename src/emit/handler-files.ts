/** Where each manifest tool's handler lives in the generated package (pinned: scripts depend on it). */
export function handlerPath(tool: string): string {
  return `src/handlers/${tool}.ts`;
}
