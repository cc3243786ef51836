//! The body walk: document.xml streamed once into raw items (paragraphs with their style's
//! meaning, inline content, pictures and page breaks; tables), with tracked changes accepted,
//! text boxes and equations kept as plain text, and every part not imported as itself counted.

use crate::model::{Align, Inline, Marks};

use super::context::{Context, safe_link};
use super::error::ImportError;
use super::notes::note_id;
use super::styles::{ParaProps, Resolved, RunProps, outline_level, read_ppr, read_rpr};
use super::xml::{self, Ev, Xml};

/// A piece of a paragraph.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Part {
    Inline(Inline),
    Image {
        image: usize,
        alt: String,
    },
    PageBreak,
    /// Where a picture that could not be kept stood: the paragraph ends there all the same.
    Boundary,
}

/// A paragraph as read, before it becomes blocks.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct RawPara {
    /// 1-based heading level.
    pub heading: Option<u8>,
    pub title: bool,
    pub quote: bool,
    pub align: Align,
    /// `(numId, ilvl)`.
    pub list: Option<(String, u8)>,
    /// A list paragraph's left indent (twips): its own, its style's or its list level's.
    pub list_indent: Option<i64>,
    /// Half-points: the smallest size of its text, so all of it is at least this size.
    pub size: Option<u32>,
    pub page_break_before: bool,
    /// From a text box: never a chapter title.
    pub in_text_box: bool,
    pub parts: Vec<Part>,
    /// Footnote ids referenced, in order.
    pub notes: Vec<String>,
    /// Comment thread ids referenced, in order.
    pub comments: Vec<String>,
}

impl RawPara {
    /// Its text, hard breaks as spaces.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Inline(Inline::Text { text, .. }) => out.push_str(text),
                Part::Inline(Inline::HardBreak) => out.push(' '),
                _ => {}
            }
        }
        out
    }
}

/// An item of a body, or of a table cell.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Item {
    Para(RawPara),
    /// Rows of cells of items.
    Table(Vec<Vec<Vec<Item>>>),
    PageBreak,
}

#[derive(Debug, Default)]
struct ParaBuilder {
    direct: ParaProps,
    style: Resolved,
    para: RawPara,
    deferred: Vec<Item>,
}

#[derive(Debug)]
struct TableFrame {
    rows: Vec<Vec<Vec<Item>>>,
    para_depth: usize,
    /// Empty cells owed after the current one (its `w:gridSpan` − 1).
    span: usize,
}

#[derive(Debug, Default)]
struct Drawing {
    rid: Option<String>,
    alt: String,
}

#[derive(Debug, Default)]
struct Field {
    instr: String,
    linked: bool,
}

/// Tables nest at most this deep (Word allows 63; books need 1 or 2): the model's blocks are
/// walked recursively, so the depth is bounded here.
const MAX_TABLE_DEPTH: usize = 16;

/// Paragraphs nest (a text box's in its anchor's) and drawings nest (a picture in a text box),
/// never deeply: deeper ones are read as part of their parent, so memory stays linear.
const MAX_NESTING: usize = 32;
/// At most this many comment ranges mark a run at once.
const MAX_OPEN_COMMENTS: usize = 64;

/// The walk's state.
struct Walk<'c, 'p, 'a> {
    cx: &'c mut Context<'p, 'a>,
    items: Vec<Item>,
    paras: Vec<ParaBuilder>,
    tables: Vec<TableFrame>,
    /// Tables nested deeper than [`MAX_TABLE_DEPTH`]: their text joins the enclosing cell.
    flat_tables: usize,
    run: Option<RunProps>,
    in_text: bool,
    in_instr: bool,
    /// The link in force at each open hyperlink or field (an inner one without a target keeps
    /// the outer one's), so the current link is the last.
    links: Vec<Option<String>>,
    fields: Vec<Field>,
    comments: Vec<String>,
    drawings: Vec<Drawing>,
    /// Paragraphs and drawings nested deeper than [`MAX_NESTING`], read as their parent.
    flat_paras: usize,
    flat_drawings: usize,
    text_boxes: usize,
    tracked: u64,
    merged: u64,
    paragraphs: usize,
}

/// Walks document.xml into items.
pub(super) fn walk(bytes: &[u8], cx: &mut Context<'_, '_>) -> Result<Vec<Item>, ImportError> {
    let mut walk = Walk {
        cx,
        items: Vec::new(),
        paras: Vec::new(),
        tables: Vec::new(),
        flat_tables: 0,
        run: None,
        in_text: false,
        in_instr: false,
        links: Vec::new(),
        fields: Vec::new(),
        comments: Vec::new(),
        drawings: Vec::new(),
        flat_paras: 0,
        flat_drawings: 0,
        text_boxes: 0,
        tracked: 0,
        merged: 0,
        paragraphs: 0,
    };
    let mut xml = Xml::new(bytes);
    loop {
        match xml.next()? {
            Ev::Eof => break,
            Ev::Start(e) => walk.start(&mut xml, &e)?,
            Ev::Empty(e) => walk.empty(&e)?,
            Ev::Text(text) => walk.text(&text),
            Ev::End(name) => walk.end(&name)?,
        }
    }
    // Unclosed paragraphs and tables of a truncated part still hold their text.
    while !walk.paras.is_empty() {
        walk.end("w:p")?;
    }
    while !walk.tables.is_empty() {
        walk.end("w:tbl")?;
    }
    let (tracked, merged) = (walk.tracked, walk.merged);
    let items = walk.items;
    cx.warn("tracked_changes_accepted", tracked);
    cx.warn("merged_cells_split", merged);
    Ok(items)
}

impl Walk<'_, '_, '_> {
    fn start(
        &mut self,
        xml: &mut Xml<'_>,
        e: &quick_xml::events::BytesStart<'_>,
    ) -> Result<(), ImportError> {
        match xml::name(e) {
            "w:p" if self.paras.len() >= MAX_NESTING || self.flat_paras > 0 => {
                self.flat_paras += 1;
            }
            "w:p" => {
                self.paragraphs += 1;
                if self.paragraphs > self.cx.max_paragraphs {
                    return Err(ImportError::UncompressedTooLarge);
                }
                let style = self.cx.styles.paragraph(None);
                // Ranges open since an earlier paragraph anchor their threads here too.
                let para = RawPara {
                    in_text_box: self.text_boxes > 0,
                    comments: self.comments.clone(),
                    ..RawPara::default()
                };
                self.paras.push(ParaBuilder {
                    style,
                    para,
                    ..ParaBuilder::default()
                });
            }
            "w:pPr" => match self.paras.last_mut() {
                Some(builder) => {
                    read_ppr(xml, &mut builder.direct)?;
                    let mut style = self.cx.styles.paragraph(builder.direct.style.as_deref());
                    if style.heading.is_some() || style.title || style.quote {
                        // A heading's or a quotation's look is the editor's: its style's bold
                        // or italic is no mark of the text. Its size still counts.
                        style.run = RunProps {
                            size: style.run.size,
                            ..RunProps::default()
                        };
                    }
                    builder.style = style;
                }
                None => xml.skip()?,
            },
            "w:r" | "m:r" => self.run = Some(self.base_run()),
            "w:rPr" => {
                let mut direct = RunProps::default();
                read_rpr(xml, &mut direct)?;
                if self.run.is_some() {
                    let base = self.base_run();
                    let character = direct
                        .style
                        .as_deref()
                        .map(|id| self.cx.styles.character(id))
                        .unwrap_or_default();
                    self.run = Some(direct.over(&character.over(&base)));
                }
            }
            "w:t" | "m:t" => self.in_text = true,
            "w:instrText" => self.in_instr = true,
            "w:del" | "w:moveFrom" => {
                self.tracked += 1;
                xml.skip()?;
            }
            "w:ins" | "w:moveTo" => self.tracked += 1,
            "mc:Fallback" | "w:delText" | "w:tblPr" | "w:tblGrid" | "w:trPr" | "w:sdtPr"
            | "w:sdtEndPr" | "w:sectPr" | "w:rt" | "w:smartTagPr" | "w:customXmlPr"
            | "w:footnotePr" | "w:endnotePr" | "w:background" => xml.skip()?,
            "w:hyperlink" => {
                let link = xml::attr(e, "r:id").and_then(|rid| self.cx.link(&rid));
                self.push_link(link);
            }
            "w:fldSimple" => {
                let instr = xml::attr(e, "w:instr").unwrap_or_default();
                let link = self.field_link(&instr);
                self.push_link(link);
            }
            "w:tbl" if self.tables.len() >= MAX_TABLE_DEPTH || self.flat_tables > 0 => {
                self.flat_tables += 1;
            }
            "w:tr" | "w:tc" | "w:tcPr" if self.flat_tables > 0 => {}
            "w:tbl" => self.tables.push(TableFrame {
                rows: Vec::new(),
                para_depth: self.paras.len(),
                span: 0,
            }),
            "w:tr" => {
                if let Some(table) = self.tables.last_mut() {
                    table.rows.push(Vec::new());
                }
            }
            "w:tc" => self.open_cell(),
            "w:tcPr" => self.cell_props(xml)?,
            "w:object" => {
                self.cx.unsupported("embedded_object", false);
                xml.skip()?;
            }
            "w:drawing" | "w:pict"
                if self.drawings.len() >= MAX_NESTING || self.flat_drawings > 0 =>
            {
                self.flat_drawings += 1;
            }
            "w:drawing" | "w:pict" => self.drawings.push(Drawing::default()),
            "a:graphicData" => {
                let uri = xml::attr(e, "uri").unwrap_or_default();
                if uri.contains("chart") {
                    self.cx.unsupported("chart", false);
                    xml.skip()?;
                } else if uri.contains("diagram") {
                    self.cx.unsupported("smart_art", false);
                    xml.skip()?;
                }
            }
            "w:txbxContent" => {
                self.cx.unsupported("text_box", true);
                self.text_boxes += 1;
            }
            "m:oMath" => self.cx.unsupported("equation", true),
            _ => self.empty(e)?,
        }
        Ok(())
    }

    fn empty(&mut self, e: &quick_xml::events::BytesStart<'_>) -> Result<(), ImportError> {
        match xml::name(e) {
            "w:tab" | "w:ptab" => self.push_text(" "),
            "w:br" => match xml::attr(e, "w:type").as_deref() {
                Some("page") => self.push_part(Part::PageBreak),
                Some("column") => self.push_text(" "),
                _ => self.push_part(Part::Inline(Inline::HardBreak)),
            },
            "w:cr" => self.push_part(Part::Inline(Inline::HardBreak)),
            "w:noBreakHyphen" => self.push_text("\u{2011}"),
            "w:sym" => {
                if let Some(c) = sym_char(e) {
                    self.push_text(c.encode_utf8(&mut [0; 4]));
                }
            }
            "w:footnoteReference" | "w:endnoteReference" => {
                let prefix = if xml::name(e) == "w:footnoteReference" {
                    "fn"
                } else {
                    "en"
                };
                let id = note_id(prefix, &xml::attr(e, "w:id").unwrap_or_default());
                if let Some(builder) = self.paras.last_mut() {
                    builder.para.notes.push(id.clone());
                    builder
                        .para
                        .parts
                        .push(Part::Inline(Inline::FootnoteRef { id }));
                }
            }
            "w:commentRangeStart" | "w:commentReference" => {
                let thread = self.cx.thread(&xml::attr(e, "w:id").unwrap_or_default());
                if xml::name(e) == "w:commentRangeStart"
                    && self.comments.len() < MAX_OPEN_COMMENTS
                    && !self.comments.contains(&thread)
                {
                    self.comments.push(thread.clone());
                }
                if let Some(builder) = self.paras.last_mut() {
                    builder.para.comments.push(thread);
                }
            }
            "w:commentRangeEnd" => {
                let thread = self.cx.thread(&xml::attr(e, "w:id").unwrap_or_default());
                self.comments.retain(|t| *t != thread);
            }
            "w:fldChar" => self.field_char(e),
            "a:blip" => {
                if let Some(drawing) = self.drawings.last_mut() {
                    drawing.rid = xml::attr(e, "r:embed").or_else(|| xml::attr(e, "r:link"));
                }
            }
            "v:imagedata" => {
                if let Some(drawing) = self.drawings.last_mut() {
                    drawing.rid = xml::attr(e, "r:id").or(drawing.rid.take());
                }
            }
            "wp:docPr" | "v:shape" => {
                if let Some(drawing) = self.drawings.last_mut() {
                    let alt = xml::attr(e, "descr")
                        .or_else(|| xml::attr(e, "alt"))
                        .or_else(|| xml::attr(e, "title"))
                        .unwrap_or_default();
                    if !alt.trim().is_empty() {
                        drawing.alt = alt.trim().to_owned();
                    }
                }
            }
            "w:object" => self.cx.unsupported("embedded_object", false),
            "w:altChunk" => self.cx.unsupported("embedded_document", false),
            "w:tc" if self.flat_tables == 0 => {
                self.open_cell();
                self.close_cell();
            }
            _ => {}
        }
        Ok(())
    }

    fn text(&mut self, text: &str) {
        if self.in_instr {
            if let Some(field) = self.fields.last_mut()
                && field.instr.len() < 4096
            {
                field.instr.push_str(text);
            }
        } else if self.in_text {
            self.push_text(text);
        }
    }

    fn end(&mut self, name: &str) -> Result<(), ImportError> {
        match name {
            "w:p" if self.flat_paras > 0 => self.flat_paras -= 1,
            "w:p" => {
                if let Some(builder) = self.paras.pop() {
                    let ParaBuilder {
                        direct,
                        style,
                        mut para,
                        deferred,
                    } = builder;
                    let props = direct.over(&style.para);
                    para.heading = match direct.outline {
                        Some(outline) => outline_level(outline),
                        None => style.heading,
                    };
                    para.title = style.title;
                    para.align = props.align.unwrap_or_default();
                    para.page_break_before = props.page_break_before.unwrap_or(false);
                    if direct.section_break {
                        para.parts.push(Part::PageBreak);
                    }
                    if para.heading.is_none()
                        && let Some(num_id) = props.num_id
                    {
                        let ilvl = props.ilvl.or(style.list_level).unwrap_or(0).min(8);
                        if let Some(level) = self.cx.numbering.level(&num_id, ilvl) {
                            para.list_indent = props.ind_left.or(level.indent);
                            para.list = Some((num_id, ilvl));
                        }
                    }
                    let indented =
                        props.ind_left.unwrap_or(0) >= 360 && props.ind_right.unwrap_or(0) >= 360;
                    para.quote =
                        para.list.is_none() && para.heading.is_none() && (style.quote || indented);
                    self.route(Item::Para(para));
                    for item in deferred {
                        self.route(item);
                    }
                }
            }
            "w:r" | "m:r" => self.run = None,
            "w:t" | "m:t" => self.in_text = false,
            "w:instrText" => self.in_instr = false,
            "w:hyperlink" | "w:fldSimple" => {
                self.links.pop();
            }
            "w:tc" if self.flat_tables > 0 => {}
            "w:tc" => self.close_cell(),
            "w:tbl" if self.flat_tables > 0 => self.flat_tables -= 1,
            "w:tbl" => {
                if let Some(table) = self.tables.pop() {
                    self.route(Item::Table(table.rows));
                }
            }
            "w:drawing" | "w:pict" if self.flat_drawings > 0 => self.flat_drawings -= 1,
            "w:drawing" | "w:pict" => {
                if let Some(drawing) = self.drawings.pop()
                    && let Some(rid) = drawing.rid
                {
                    let part = match self.cx.image(&rid)? {
                        Some(image) => Part::Image {
                            image,
                            alt: drawing.alt,
                        },
                        None => Part::Boundary,
                    };
                    self.push_part(part);
                }
            }
            "w:txbxContent" => self.text_boxes = self.text_boxes.saturating_sub(1),
            _ => {}
        }
        Ok(())
    }

    /// The run properties every run of the current paragraph starts from.
    fn base_run(&self) -> RunProps {
        let style_run = self
            .paras
            .last()
            .map(|b| b.style.run.clone())
            .unwrap_or_default();
        style_run.over(&self.cx.styles.defaults)
    }

    fn marks(&self) -> Marks {
        let run = self.run.clone().unwrap_or_else(|| self.base_run());
        Marks {
            bold: run.bold.unwrap_or(false),
            italic: run.italic.unwrap_or(false),
            underline: run.underline.unwrap_or(false),
            strike: run.strike.unwrap_or(false),
            small_caps: run.small_caps.unwrap_or(false),
            link: self.links.last().cloned().flatten(),
            comments: self.comments.clone(),
        }
    }

    fn push_text(&mut self, text: &str) {
        if text.is_empty() || self.paras.is_empty() {
            return;
        }
        let marks = self.marks();
        let size = self
            .run
            .as_ref()
            .and_then(|r| r.size)
            .or_else(|| self.base_run().size);
        let Some(builder) = self.paras.last_mut() else {
            return;
        };
        if !text.trim().is_empty()
            && let Some(size) = size
        {
            builder.para.size = Some(builder.para.size.map_or(size, |s| s.min(size)));
        }
        // Word splits runs at every edit; runs with the same marks are one text.
        if let Some(Part::Inline(Inline::Text {
            text: last,
            marks: last_marks,
        })) = builder.para.parts.last_mut()
            && *last_marks == marks
        {
            last.push_str(text);
            return;
        }
        builder.para.parts.push(Part::Inline(Inline::Text {
            text: text.to_owned(),
            marks,
        }));
    }

    fn push_link(&mut self, link: Option<String>) {
        let effective = link.or_else(|| self.links.last().cloned().flatten());
        self.links.push(effective);
    }

    fn push_part(&mut self, part: Part) {
        if let Some(builder) = self.paras.last_mut() {
            builder.para.parts.push(part);
        }
    }

    /// Sends a finished item to the open cell, the open paragraph (a text box's content comes
    /// after the paragraph holding it) or the body.
    fn route(&mut self, item: Item) {
        let depth = self.paras.len();
        if let Some(table) = self.tables.last_mut()
            && table.para_depth == depth
        {
            if table.rows.is_empty() {
                table.rows.push(Vec::new());
            }
            if let Some(row) = table.rows.last_mut() {
                if row.is_empty() {
                    row.push(Vec::new());
                }
                if let Some(cell) = row.last_mut() {
                    cell.push(item);
                    return;
                }
            }
        }
        match self.paras.last_mut() {
            Some(builder) => builder.deferred.push(item),
            None => self.items.push(item),
        }
    }

    fn open_cell(&mut self) {
        if let Some(table) = self.tables.last_mut() {
            if table.rows.is_empty() {
                table.rows.push(Vec::new());
            }
            table.span = 0;
            if let Some(row) = table.rows.last_mut() {
                row.push(Vec::new());
            }
        }
    }

    fn close_cell(&mut self) {
        if let Some(table) = self.tables.last_mut() {
            let span = std::mem::take(&mut table.span).min(63);
            if let Some(row) = table.rows.last_mut() {
                row.extend((0..span).map(|_| Vec::new()));
            }
        }
    }

    /// `w:tcPr`: a cell spanning columns is split into that many cells, the first holding the
    /// text; a cell continuing a vertical merge stays, empty.
    fn cell_props(&mut self, xml: &mut Xml<'_>) -> Result<(), ImportError> {
        let mut depth = 0usize;
        loop {
            match xml.next()? {
                Ev::Start(e) => {
                    self.cell_prop(&e);
                    depth += 1;
                }
                Ev::Empty(e) => self.cell_prop(&e),
                Ev::End(_) => {
                    if depth == 0 {
                        return Ok(());
                    }
                    depth -= 1;
                }
                Ev::Eof => return Err(ImportError::MalformedXml),
                Ev::Text(_) => {}
            }
        }
    }

    fn cell_prop(&mut self, e: &quick_xml::events::BytesStart<'_>) {
        match xml::name(e) {
            "w:gridSpan" => {
                let span = xml::val_num(e).unwrap_or(1);
                if span > 1 {
                    self.merged += 1;
                    if let Some(table) = self.tables.last_mut() {
                        table.span = usize::try_from(span - 1).unwrap_or(0);
                    }
                }
            }
            "w:vMerge" if xml::attr(e, "w:val").as_deref() != Some("restart") => {
                self.merged += 1;
            }
            _ => {}
        }
    }

    fn field_link(&mut self, instr: &str) -> Option<String> {
        let trimmed = instr.trim();
        let Some(rest) = trimmed.strip_prefix("HYPERLINK") else {
            if !trimmed.is_empty() {
                self.cx.unsupported("field", true);
            }
            return None;
        };
        let target = rest.split('"').nth(1).unwrap_or_default();
        safe_link(target)
    }

    fn field_char(&mut self, e: &quick_xml::events::BytesStart<'_>) {
        match xml::attr(e, "w:fldCharType").as_deref() {
            Some("begin") => self.fields.push(Field::default()),
            Some("separate") => {
                let instr = self
                    .fields
                    .last()
                    .map(|f| f.instr.clone())
                    .unwrap_or_default();
                let link = self.field_link(&instr);
                if let Some(field) = self.fields.last_mut() {
                    field.linked = true;
                    self.push_link(link);
                }
            }
            Some("end") => {
                if let Some(field) = self.fields.pop()
                    && field.linked
                {
                    self.links.pop();
                }
            }
            _ => {}
        }
    }
}

/// `w:sym`: the character, unless it is a symbol font's private-use glyph.
pub(super) fn sym_char(e: &quick_xml::events::BytesStart<'_>) -> Option<char> {
    let code = u32::from_str_radix(xml::attr(e, "w:char")?.trim(), 16).ok()?;
    let c = char::from_u32(code)?;
    let private = (0xE000..=0xF8FF).contains(&code);
    (!private && !c.is_control()).then_some(c)
}
