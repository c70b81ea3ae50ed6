// fontkit ships no type declarations; font-merge.ts types the parts of its CFF objects it reads itself.
declare module 'fontkit' {
  export function create(buffer: Buffer): unknown;
}
