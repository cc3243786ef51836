//! styles.xml: each style resolved through its `w:basedOn` chain into the run and paragraph
//! properties the reader uses, its heading level (by id, by a localized name, or by
//! `w:outlineLvl`), and whether it is a title or a quotation style. Also the `w:pPr` and
//! `w:rPr` parsers the body walk shares.

use std::collections::HashMap;

use crate::model::Align;

use super::error::ImportError;
use super::xml::{self, Ev, Xml};

/// Run properties; `None` leaves the inherited value.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct RunProps {
    pub style: Option<String>,
    pub bold: Option<bool>,
    pub italic: Option<bool>,
    pub underline: Option<bool>,
    pub strike: Option<bool>,
    pub small_caps: Option<bool>,
    /// Half-points.
    pub size: Option<u32>,
}

impl RunProps {
    /// `self` over `base`.
    pub fn over(&self, base: &RunProps) -> RunProps {
        RunProps {
            style: self.style.clone().or_else(|| base.style.clone()),
            bold: self.bold.or(base.bold),
            italic: self.italic.or(base.italic),
            underline: self.underline.or(base.underline),
            strike: self.strike.or(base.strike),
            small_caps: self.small_caps.or(base.small_caps),
            size: self.size.or(base.size),
        }
    }
}

/// Paragraph properties; `None` leaves the inherited value.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct ParaProps {
    pub style: Option<String>,
    /// `w:outlineLvl` (0-based; 9 is body text).
    pub outline: Option<u8>,
    pub align: Option<Align>,
    pub ind_left: Option<i64>,
    pub ind_right: Option<i64>,
    pub num_id: Option<String>,
    pub ilvl: Option<u8>,
    pub page_break_before: Option<bool>,
    /// The paragraph ends a section that starts the next one on a new page (a `w:sectPr` in
    /// its properties whose type is not `continuous`).
    pub section_break: bool,
}

impl ParaProps {
    pub fn over(&self, base: &ParaProps) -> ParaProps {
        ParaProps {
            style: self.style.clone().or_else(|| base.style.clone()),
            outline: self.outline.or(base.outline),
            align: self.align.or(base.align),
            ind_left: self.ind_left.or(base.ind_left),
            ind_right: self.ind_right.or(base.ind_right),
            num_id: self.num_id.clone().or_else(|| base.num_id.clone()),
            ilvl: self.ilvl.or(base.ilvl),
            page_break_before: self.page_break_before.or(base.page_break_before),
            section_break: self.section_break,
        }
    }
}

/// A style with its chain applied.
#[derive(Debug, Clone, Default)]
pub(super) struct Resolved {
    pub para: ParaProps,
    pub run: RunProps,
    /// 1-based heading level.
    pub heading: Option<u8>,
    pub title: bool,
    pub quote: bool,
    /// The list level a "List Bullet 2"-like style implies (0-based).
    pub list_level: Option<u8>,
}

#[derive(Debug, Clone, Default)]
struct RawStyle {
    name: String,
    based_on: Option<String>,
    para: ParaProps,
    run: RunProps,
}

/// The styles of a document.
#[derive(Debug, Default)]
pub(super) struct Styles {
    pub defaults: RunProps,
    resolved: HashMap<String, Resolved>,
    default_para: Option<String>,
}

/// Heading style names in the languages Word ships, lower-cased, before the level's digit.
const HEADING_NAMES: &[&str] = &[
    "heading",
    "titre",
    "überschrift",
    "título",
    "titulo",
    "titolo",
    "kop",
    "rubrik",
    "overskrift",
    "otsikko",
    "nagłówek",
    "заголовок",
    "nadpis",
    "címsor",
    "başlık",
    "cabeçalho",
    "encabezado",
    "intestazione",
    "見出し",
    "标题",
    "제목",
];

/// The most styles read (Word's own documents define a few hundred); the rest are ignored, so
/// memory stays bounded.
const MAX_STYLES: usize = 20_000;

const TITLE_NAMES: &[&str] = &["title", "titre", "título", "titulo", "titel", "titolo"];

const QUOTE_NAMES: &[&str] = &[
    "quote",
    "intensequote",
    "blocktext",
    "cita",
    "citadestacada",
    "citation",
    "citationintense",
    "zitat",
    "intensiveszitat",
    "citazione",
    "citazioneintensa",
];

impl Styles {
    /// Parses styles.xml.
    pub fn parse(bytes: &[u8]) -> Result<Styles, ImportError> {
        let mut xml = Xml::new(bytes);
        let mut raw: HashMap<String, RawStyle> = HashMap::new();
        let mut styles = Styles::default();
        let mut current: Option<(String, RawStyle)> = None;
        loop {
            match xml.next()? {
                Ev::Eof => break,
                Ev::Start(e) => match xml::name(&e) {
                    "w:style" => {
                        let id = xml::attr(&e, "w:styleId").unwrap_or_default();
                        let paragraph = xml::attr(&e, "w:type").as_deref() == Some("paragraph");
                        if paragraph && xml::attr(&e, "w:default").is_some_and(|d| d == "1") {
                            styles.default_para = Some(id.clone());
                        }
                        current = Some((id, RawStyle::default()));
                    }
                    "w:pPr" => {
                        let mut props = ParaProps::default();
                        read_ppr(&mut xml, &mut props)?;
                        if let Some((_, style)) = current.as_mut() {
                            style.para = props;
                        }
                    }
                    "w:rPr" => {
                        let mut props = RunProps::default();
                        read_rpr(&mut xml, &mut props)?;
                        match current.as_mut() {
                            Some((_, style)) => style.run = props,
                            None => styles.defaults = props.over(&styles.defaults),
                        }
                    }
                    "w:tblPr" | "w:tblStylePr" | "w:trPr" | "w:tcPr" => xml.skip()?,
                    _ => {}
                },
                Ev::Empty(e) => {
                    if let Some((_, style)) = current.as_mut() {
                        match xml::name(&e) {
                            "w:name" => style.name = xml::attr(&e, "w:val").unwrap_or_default(),
                            "w:basedOn" => style.based_on = xml::attr(&e, "w:val"),
                            _ => {}
                        }
                    }
                }
                Ev::End(name) if name == "w:style" => {
                    if let Some((id, style)) = current.take()
                        && raw.len() < MAX_STYLES
                    {
                        raw.entry(id).or_insert(style);
                    }
                }
                Ev::End(_) | Ev::Text(_) => {}
            }
        }
        let ids: Vec<String> = raw.keys().cloned().collect();
        for id in ids {
            let resolved = resolve(&raw, &id);
            styles.resolved.insert(id, resolved);
        }
        Ok(styles)
    }

    /// A paragraph style by id (the default paragraph style when `None`); heading and title
    /// styles are recognised by id even without styles.xml.
    pub fn paragraph(&self, id: Option<&str>) -> Resolved {
        let id = id.or(self.default_para.as_deref());
        match id {
            Some(id) => self
                .resolved
                .get(id)
                .cloned()
                .unwrap_or_else(|| by_id_only(id)),
            None => Resolved::default(),
        }
    }

    /// A character style's run properties.
    pub fn character(&self, id: &str) -> RunProps {
        self.resolved
            .get(id)
            .map(|r| r.run.clone())
            .unwrap_or_default()
    }
}

/// What a style id alone says (no styles.xml, or a style it does not define).
fn by_id_only(id: &str) -> Resolved {
    Resolved {
        heading: heading_by_name(id),
        title: is_title(id),
        quote: is_quote(id),
        ..Resolved::default()
    }
}

fn resolve(raw: &HashMap<String, RawStyle>, id: &str) -> Resolved {
    // The chain from the style up to its root, cut at 32 links or a cycle.
    let mut chain: Vec<(&str, &RawStyle)> = Vec::new();
    let mut next = Some(id);
    while let Some(step) = next {
        if chain.len() >= 32 || chain.iter().any(|(seen, _)| *seen == step) {
            break;
        }
        let Some(style) = raw.get(step) else { break };
        chain.push((step, style));
        next = style.based_on.as_deref();
    }
    let mut out = Resolved::default();
    for (step, style) in chain.iter().rev() {
        out.para = style.para.over(&out.para);
        out.run = style.run.over(&out.run);
        let named = heading_by_name(step).or_else(|| heading_by_name(&style.name));
        let outlined = style.para.outline.and_then(outline_level);
        if let Some(level) = named.or(outlined) {
            out.heading = Some(level);
        }
        if is_title(step) || is_title(&style.name) {
            out.title = true;
        }
        if is_quote(step) || is_quote(&style.name) {
            out.quote = true;
        }
        if let Some(level) = list_level(&style.name) {
            out.list_level = Some(level);
        }
    }
    // A paragraph-style reference in a chain is not the run's character style.
    out.run.style = None;
    out.para.style = None;
    out
}

/// A 0-based `w:outlineLvl` as a 1-based heading level (9 is body text).
pub(super) fn outline_level(outline: u8) -> Option<u8> {
    (outline < 9).then_some(outline + 1)
}

/// "Heading 1", "heading1", "Titre 2", "Überschrift 3" → the level.
fn heading_by_name(name: &str) -> Option<u8> {
    let lower = name.trim().to_lowercase();
    let digits_at = lower.find(|c: char| c.is_ascii_digit())?;
    let (word, digits) = lower.split_at(digits_at);
    let word = word.trim();
    let level: u8 = digits.trim().parse().ok()?;
    (HEADING_NAMES.contains(&word) && (1..=9).contains(&level)).then_some(level)
}

/// "List Bullet 2", "List Number 3", "List 2" → the 0-based level they stand for.
fn list_level(name: &str) -> Option<u8> {
    let lower = name.trim().to_lowercase();
    let rest = lower.strip_prefix("list")?;
    let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
    let words = rest.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
    if !matches!(words.trim(), "" | "bullet" | "number" | "continue") {
        return None;
    }
    let level: u8 = digits.parse().unwrap_or(1);
    (1..=9).contains(&level).then(|| level - 1)
}

fn squash(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

fn is_title(name: &str) -> bool {
    TITLE_NAMES.contains(&squash(name).as_str())
}

fn is_quote(name: &str) -> bool {
    let squashed = squash(name);
    QUOTE_NAMES.contains(&squashed.as_str()) || squashed.contains("quote")
}

/// Reads a `w:pPr` whose start was just read, up to its end.
pub(super) fn read_ppr(xml: &mut Xml<'_>, props: &mut ParaProps) -> Result<(), ImportError> {
    let mut depth = 0usize;
    loop {
        match xml.next()? {
            Ev::Start(e) => match xml::name(&e) {
                "w:sectPr" => props.section_break = section_breaks_page(xml)?,
                "w:rPr" | "w:pPrChange" | "w:tabs" | "w:framePr" => xml.skip()?,
                _ => {
                    apply_ppr(&e, props);
                    depth += 1;
                }
            },
            Ev::Empty(e) => apply_ppr(&e, props),
            Ev::End(_) => {
                if depth == 0 {
                    return Ok(());
                }
                depth -= 1;
            }
            Ev::Text(_) => {}
            Ev::Eof => return Err(ImportError::MalformedXml),
        }
    }
}

/// Reads a `w:sectPr` whose start was just read: whether its break starts a new page.
fn section_breaks_page(xml: &mut Xml<'_>) -> Result<bool, ImportError> {
    let mut depth = 0usize;
    let mut page = true;
    loop {
        match xml.next()? {
            Ev::Start(e) => {
                if xml::name(&e) == "w:type" {
                    page = xml::attr(&e, "w:val").as_deref() != Some("continuous");
                }
                depth += 1;
            }
            Ev::Empty(e) => {
                if xml::name(&e) == "w:type" {
                    page = xml::attr(&e, "w:val").as_deref() != Some("continuous");
                }
            }
            Ev::End(_) => {
                if depth == 0 {
                    return Ok(page);
                }
                depth -= 1;
            }
            Ev::Text(_) => {}
            Ev::Eof => return Err(ImportError::MalformedXml),
        }
    }
}

fn apply_ppr(e: &quick_xml::events::BytesStart<'_>, props: &mut ParaProps) {
    match xml::name(e) {
        "w:pStyle" => props.style = xml::attr(e, "w:val"),
        "w:outlineLvl" => {
            props.outline = xml::val_num(e).and_then(|v| u8::try_from(v).ok());
        }
        "w:jc" => props.align = xml::attr(e, "w:val").map(|v| align(&v)),
        "w:ind" => {
            let num = |k: &str| xml::attr(e, k).and_then(|v| v.trim().parse().ok());
            props.ind_left = num("w:left").or_else(|| num("w:start")).or(props.ind_left);
            props.ind_right = num("w:right").or_else(|| num("w:end")).or(props.ind_right);
        }
        "w:numId" => props.num_id = xml::attr(e, "w:val"),
        "w:ilvl" => props.ilvl = xml::val_num(e).and_then(|v| u8::try_from(v).ok()),
        "w:pageBreakBefore" => props.page_break_before = Some(xml::toggle(e)),
        // An empty `w:sectPr`: a section of the default type, a new page.
        "w:sectPr" => props.section_break = true,
        _ => {}
    }
}

/// Reads a `w:rPr` whose start was just read, up to its end.
pub(super) fn read_rpr(xml: &mut Xml<'_>, props: &mut RunProps) -> Result<(), ImportError> {
    let mut depth = 0usize;
    loop {
        match xml.next()? {
            Ev::Start(e) => match xml::name(&e) {
                "w:rPrChange" => xml.skip()?,
                _ => {
                    apply_rpr(&e, props);
                    depth += 1;
                }
            },
            Ev::Empty(e) => apply_rpr(&e, props),
            Ev::End(_) => {
                if depth == 0 {
                    return Ok(());
                }
                depth -= 1;
            }
            Ev::Text(_) => {}
            Ev::Eof => return Err(ImportError::MalformedXml),
        }
    }
}

fn apply_rpr(e: &quick_xml::events::BytesStart<'_>, props: &mut RunProps) {
    match xml::name(e) {
        "w:rStyle" => props.style = xml::attr(e, "w:val"),
        "w:b" => props.bold = Some(xml::toggle(e)),
        "w:i" => props.italic = Some(xml::toggle(e)),
        "w:u" => props.underline = Some(xml::toggle(e)),
        "w:strike" | "w:dstrike" => props.strike = Some(xml::toggle(e)),
        "w:smallCaps" => props.small_caps = Some(xml::toggle(e)),
        "w:sz" => props.size = xml::val_num(e).and_then(|v| u32::try_from(v).ok()),
        _ => {}
    }
}

fn align(value: &str) -> Align {
    match value {
        "center" => Align::Center,
        "right" | "end" => Align::Right,
        "both" | "distribute" | "mediumKashida" | "highKashida" | "lowKashida" => Align::Justify,
        _ => Align::Left,
    }
}
