// "Download all": the batch's results as one ZIP built in the browser (fflate, MIT). Images, PDFs and Office
// files are already compressed, so entries are stored (level 0): fast, and the ZIP is the sum of the files.
import { zip, type Zippable } from 'fflate';

export interface ZipItem {
  name: string;
  data: Uint8Array;
}

/** Names made unique the way a file manager does: "a.jpg", "a (2).jpg", "a (3).jpg". */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

export function zipBytes(items: readonly ZipItem[]): Promise<Uint8Array> {
  const names = uniqueNames(items.map((i) => i.name));
  const files: Zippable = {};
  items.forEach((item, i) => {
    files[names[i]] = [item.data, { level: 0 }];
  });
  return new Promise((resolve, reject) => zip(files, (err, data) => (err ? reject(err) : resolve(data))));
}

/** The ZIP's own name: the tool's slug, e.g. "image-compress-results.zip". */
export const zipName = (slug: string) => `${slug}-results.zip`;
