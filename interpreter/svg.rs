//! A small SVG writer: shapes and escaped text, nothing else (plots, boards and graphs
//! are drawn with it, so the pictures need no fonts or system libraries to make).

use std::fmt::Write as _;

/// Escapes text for SVG content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// An SVG document being written.
pub struct Svg {
    out: String,
}

/// Colours for series, told apart in print and by the colour-blind (Okabe and Ito).
pub(crate) const PALETTE: [&str; 8] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000",
];

impl Svg {
    pub fn new(width: f64, height: f64) -> Svg {
        let mut out = String::new();
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
        );
        out.push('\n');
        let _ = writeln!(
            out,
            r#"<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>"#
        );
        Svg { out }
    }

    /// Opens a group with a class, so tests and style sheets can find its parts.
    pub fn group(&mut self, class: &str) {
        let _ = writeln!(self.out, r#"<g class="{}">"#, escape(class));
    }

    pub(crate) fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    pub(crate) fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{fill}" stroke="{stroke}"/>"#,
            w.max(0.0),
            h.max(0.0)
        );
    }

    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, width: f64) {
        let _ = writeln!(
            self.out,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
    }

    /// A thick line with square ends, marked with a class and what it stands for
    /// (`data-link`), so that tests and pages can find it.
    pub(crate) fn bar(
        &mut self,
        class: &str,
        link: &str,
        (x1, y1): (f64, f64),
        (x2, y2): (f64, f64),
        stroke: &str,
        width: f64,
    ) {
        let _ = writeln!(
            self.out,
            r#"<line class="{}" data-link="{}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{width:.1}" stroke-linecap="square"/>"#,
            escape(class),
            escape(link)
        );
    }

    /// A line with an arrow head at its end.
    pub fn arrow(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, width: f64) {
        self.line(x1, y1, x2, y2, stroke, width);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let size = 4.0 + 2.0 * width;
        let (bx, by) = (x2 - ux * size, y2 - uy * size);
        let points = [
            (x2, y2),
            (bx - uy * size * 0.5, by + ux * size * 0.5),
            (bx + uy * size * 0.5, by - ux * size * 0.5),
        ];
        self.polygon(&points, stroke, stroke);
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="{fill}" stroke="{stroke}"/>"#
        );
    }

    fn points(points: &[(f64, f64)]) -> String {
        points
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, width: f64) {
        let _ = writeln!(
            self.out,
            r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{width}"/>"#,
            Svg::points(points)
        );
    }

    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: &str) {
        let _ = writeln!(
            self.out,
            r#"<polygon points="{}" fill="{fill}" stroke="{stroke}"/>"#,
            Svg::points(points)
        );
    }

    /// A cell's outline, marked with the cell's number and name (`class="cell"
    /// data-cell="N" data-name="NAME"`) so that a page can tell which cell a click
    /// falls on.
    pub(crate) fn cell_polygon(
        &mut self,
        points: &[(f64, f64)],
        fill: &str,
        stroke: &str,
        cell: usize,
        name: &str,
    ) {
        let _ = writeln!(
            self.out,
            r#"<polygon class="cell" data-cell="{cell}" data-name="{}" points="{}" fill="{fill}" stroke="{stroke}"/>"#,
            escape(name),
            Svg::points(points)
        );
    }

    /// Opens a group with a class, marked with the cell it stands on (`data-cell`).
    pub(crate) fn group_on_cell(&mut self, class: &str, cell: usize) {
        let _ = writeln!(
            self.out,
            r#"<g class="{}" data-cell="{cell}">"#,
            escape(class)
        );
    }

    /// Text at (x, y); `anchor` is start, middle or end.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: &str, text: &str) {
        let _ = writeln!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="{anchor}">{}</text>"#,
            escape(text)
        );
    }

    /// Text with a fill colour and weight, centred on (x, y). The baseline goes 0.35 of
    /// the size below y (half a digit's height) rather than by `dominant-baseline`,
    /// which viewers read differently and which centres the whole em box: digits,
    /// having no descent, sat high in their disc.
    pub(crate) fn text_styled(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        fill: &str,
        bold: bool,
        text: &str,
    ) {
        let weight = if bold { "bold" } else { "normal" };
        let y = y + 0.35 * size;
        let _ = writeln!(
            self.out,
            r#"<text x="{x:.1}" y="{y:.1}" font-size="{size}" text-anchor="middle" fill="{fill}" font-weight="{weight}">{}</text>"#,
            escape(text)
        );
    }

    /// A title that viewers show as a tooltip and screen readers read.
    pub fn title(&mut self, text: &str) {
        let _ = writeln!(self.out, "<title>{}</title>", escape(text));
    }

    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape(r#"a<b & "c"'"#), "a&lt;b &amp; &quot;c&quot;&apos;");
        let mut s = Svg::new(10.0, 10.0);
        s.text(0.0, 0.0, 10.0, "start", "</svg><script>");
        let doc = s.finish();
        assert!(doc.contains("&lt;/svg&gt;&lt;script&gt;"));
        assert_eq!(doc.matches("</svg>").count(), 1);
    }
}
