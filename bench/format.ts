// Results are written as Prettier would write them, so a fresh run passes `prettier --check`.
import * as prettier from 'prettier';

export async function formatted(file: string, text: string): Promise<string> {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}
