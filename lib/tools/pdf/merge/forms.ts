// AcroForm fields of every input merged into one form. A top-level field whose name an earlier file already
// uses is renamed ('name' -> 'name_2'), so the two stay independent (same-named fields would share one value).
// Widgets keep their appearance streams; /NeedAppearances is kept if any input asked for it. XFA is dropped
// (it describes one file's form only; viewers fall back to the AcroForm).
import 'server-only';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import type { Copier } from './copier';

const N = (s: string) => PDFName.of(s);

export class FormMerger {
  private readonly fields: PDFRef[] = [];
  private readonly co: PDFObject[] = [];
  private readonly used = new Set<string>();
  private dr: PDFDict | undefined;
  private da: PDFObject | undefined;
  private q: PDFObject | undefined;
  private needAppearances = false;
  private sigFlags = 0;
  renamed = 0;

  constructor(private readonly out: PDFDocument) {}

  add(src: PDFDocument, copier: Copier, fileNo: number): void {
    const form = src.catalog.lookup(N('AcroForm'));
    if (!(form instanceof PDFDict)) return;
    const fields = form.lookup(N('Fields'));
    if (fields instanceof PDFArray) {
      const names = new Set<string>();
      for (const f of fields.asArray()) {
        if (!(f instanceof PDFRef)) continue;
        const to = copier.ref(f);
        copier.flush();
        const dict = this.out.context.lookup(to);
        if (!(dict instanceof PDFDict)) continue;
        const t = dict.lookup(N('T'));
        const name = t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : undefined;
        if (name !== undefined && this.used.has(name) && !names.has(name)) {
          let k = `${name}_${fileNo}`;
          for (let i = fileNo + 1; this.used.has(k) || names.has(k); i++) k = `${name}_${i}`;
          dict.set(N('T'), PDFHexString.fromText(k));
          names.add(k);
          this.renamed++;
        } else if (name !== undefined) names.add(name);
        this.fields.push(to);
      }
      for (const n of names) this.used.add(n);
    }
    const co = form.lookup(N('CO'));
    if (co instanceof PDFArray) for (const r of co.asArray()) this.co.push(copier.copy(r));
    if (form.lookup(N('NeedAppearances'))?.toString() === 'true') this.needAppearances = true;
    const sig = form.lookup(N('SigFlags'));
    if (sig instanceof PDFNumber) this.sigFlags |= sig.asNumber();
    this.da ??= form.get(N('DA')) && copier.copy(form.get(N('DA'))!);
    this.q ??= form.get(N('Q')) && copier.copy(form.get(N('Q'))!);
    const dr = form.lookup(N('DR'));
    if (dr instanceof PDFDict) this.mergeResources(copier.copy(dr));
  }

  /** Default resources: each category (Font, XObject...) keeps the first entry of a given name. */
  private mergeResources(dr: PDFDict): void {
    if (!this.dr) {
      this.dr = dr;
      return;
    }
    const ctx = this.out.context;
    for (const [cat, val] of dr.entries()) {
      const from = ctx.lookup(val);
      const into = ctx.lookup(this.dr.get(cat));
      if (from instanceof PDFDict && into instanceof PDFDict) {
        for (const [k, v] of from.entries()) if (!into.has(k)) into.set(k, v);
      } else if (!into) this.dr.set(cat, val);
    }
  }

  finish(): void {
    if (!this.fields.length) return;
    const ctx = this.out.context;
    const form = ctx.obj({ Fields: this.fields });
    if (this.needAppearances) form.set(N('NeedAppearances'), ctx.obj(true));
    if (this.sigFlags) form.set(N('SigFlags'), PDFNumber.of(this.sigFlags));
    if (this.co.length) form.set(N('CO'), ctx.obj(this.co));
    if (this.dr) form.set(N('DR'), this.dr);
    if (this.da) form.set(N('DA'), this.da);
    if (this.q) form.set(N('Q'), this.q);
    this.out.catalog.set(N('AcroForm'), ctx.register(form));
  }
}
