/**
 * The cells of one CSV line split at `separator`, a cell "in quotes" keeping separators and
 * doubled quotes ("") inside it, each cell trimmed. A line break inside quotes is not supported: each
 * file line is one record (a name or an id never holds one).
 */
export function splitCsvLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current.trim() === '') {
      current = '';
      quoted = true;
    } else if (char === separator) {
      cells.push(current.trim());
      current = '';
    } else current += char;
  }
  cells.push(current.trim());
  return cells;
}
