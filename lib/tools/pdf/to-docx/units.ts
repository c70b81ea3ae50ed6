// Word's units, from the PDF's points: one place for every part of the DOCX writer.
export const TW = 20; // twips per point
export const PX = 96 / 72; // docx image sizes are in pixels at 96 dpi
export const EMU = 12700; // EMUs per point (floating offsets)
