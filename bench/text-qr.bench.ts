// Count and QR (issue 21) against reference tools in the same run:
// - Count: UTF-8 bytes vs Buffer.byteLength, EUC-KR bytes vs glibc `iconv -t CP949` (line breaks as CR LF),
//   time of all figures for a 5000-character text.
// - QR: our PNG and SVG (render + jsQR read-back) vs node-qrcode's own toBuffer/toString at the same level and
//   margin (the library API): time and bytes; every image read by zbarimg.
// Run: npm run bench text-qr
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { BenchRow } from './types';
import { countFigures } from '../lib/tools/text/count/figures';
import { generateQrImage } from '../lib/tools/qr/generate/generate';
import { layoutQr } from '../lib/tools/qr/generate/render';

const hasZbar = spawnSync('zbarimg', ['--version']).status === 0;
const hasIconv = spawnSync('iconv', ['--version']).status === 0;

function zbar(png: Buffer, dir: string): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.png`);
  fs.writeFileSync(file, png);
  return execFileSync('zbarimg', ['-q', '--raw', '-Sbinary', file]).toString('utf8');
}

async function timed<T>(fn: () => Promise<T> | T, runs = 5): Promise<{ value: T; ms: number }> {
  let value = await fn();
  const t = performance.now();
  for (let i = 0; i < runs; i++) value = await fn();
  return { value, ms: (performance.now() - t) / runs };
}

export default async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-text-qr-'));
  try {
    const korean =
      '학교생활기록부의 행동특성 및 종합의견은 글자 수가 아니라 바이트로 제한됩니다. 성실하고 책임감이 강함.\n';
    const text = korean.repeat(100).slice(0, 5000);
    const { value: f, ms } = await timed(() => countFigures(text), 10);
    const utf8Ok = f.bytes === Buffer.byteLength(text, 'utf8');
    let euc = 'iconv missing';
    if (hasIconv) {
      const ref = execFileSync('iconv', ['-f', 'UTF-8', '-t', 'CP949'], {
        input: Buffer.from(text.replace(/\n/g, '\r\n'), 'utf8'),
      }).length;
      euc = `iconv CP949 ${ref} B vs ours ${f.bytes_euc_kr} B (${ref === f.bytes_euc_kr ? 'equal' : 'DIFFERENT'})`;
    }
    rows.push({
      tool: 'text/count',
      input: '5000 chars Korean + line breaks',
      ms,
      quality: `UTF-8 ${utf8Ok ? '= Buffer.byteLength' : 'DIFFERS'}`,
      note: `${euc}; NEIS ${f.bytes_neis} B; ${f.words} words`,
    });

    const cases: [string, string][] = [
      ['URL', 'https://onedesk.example/tools/qr?utm=bench'],
      ['Wi-Fi', 'WIFI:T:WPA;S:OneDesk Guest;P:correct horse battery staple;;'],
      ['1000 Korean chars', '다람쥐 헌 쳇바퀴에 타고파. '.repeat(70).slice(0, 1000)],
    ];
    for (const [label, content] of cases) {
      const level = layoutQr(content).info.level;
      for (const format of ['png', 'svg'] as const) {
        const ours = await timed(() => generateQrImage(content, format === 'svg' ? { format } : {}));
        const ref = await timed(() =>
          format === 'png'
            ? QRCode.toBuffer(content, { errorCorrectionLevel: level, margin: 4, scale: layoutQr(content).scale })
            : QRCode.toString(content, { type: 'svg', errorCorrectionLevel: level, margin: 4 }).then((s) =>
                Buffer.from(s),
              ),
        );
        let read = 'zbarimg missing';
        if (hasZbar) {
          const png =
            format === 'svg' ? await sharp(ours.value.data, { density: 72 }).png().toBuffer() : ours.value.data;
          read = zbar(png, dir) === content ? 'zbarimg reads it' : 'zbarimg MISREADS';
        }
        rows.push({
          tool: `qr/generate ${format}`,
          input: `${label}, level ${level}`,
          ratio: ours.value.data.length / ref.value.length,
          ms: ours.ms,
          quality: read,
          note: `node-qrcode ${format}: ${ref.value.length} B, ${ref.ms.toFixed(0)} ms (no read-back); ours ${ours.value.data.length} B incl. jsQR read-back`,
        });
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
