#!/usr/bin/env python3
"""Writes the .docx fixtures of quire-formats' reader tests into the directory given.

    python3 -m pip install -r scripts/requirements-docx-fixtures.txt
    python3 scripts/docx-fixtures.py crates/quire-formats/tests/fixtures

Each fixture starts as a python-docx document (so it carries Word's default styles.xml and
numbering.xml); what python-docx cannot write (footnotes, comment threads, tracked changes,
text boxes, equations, fields) is added as raw WordprocessingML, and parts are added to the zip
afterwards. `libreoffice.docx` is saved by LibreOffice headless (Debian's libreoffice-writer)
from an HTML file, and `libreoffice-*.docx` are five of the fixtures opened and saved again by
it, when `soffice` is installed. The output is deterministic apart from those.
"""

import base64
import io
import re
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import parse_xml
from docx.shared import Pt

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
    'xmlns:v="urn:schemas-microsoft-com:vml" '
    'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" '
    'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" '
    'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"'
)
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
FIXED_DATE = (2024, 5, 1, 10, 0, 0)
# Parts of python-docx's template no reader needs, left out to keep the fixtures small.
LEFT_OUT = {"docProps/thumbnail.jpeg", "word/stylesWithEffects.xml", "customXml/item1.xml",
            "customXml/_rels/item1.xml.rels", "customXml/itemProps1.xml"}


def xml(doc, fragment):
    """Appends raw body XML (one element) before the section properties."""
    body = doc.element.body
    element = parse_xml(f'<w:wrap {NS}>{fragment}</w:wrap>')[0]
    body.insert(len(body) - 1, element)


def para(text, style=None, ppr=""):
    style_xml = f'<w:pStyle w:val="{style}"/>' if style else ""
    return f'<w:p><w:pPr>{style_xml}{ppr}</w:pPr><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def png(width=2, height=2, rgb=(200, 30, 30)):
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind, data):
        out = struct.pack(">I", len(data)) + kind + data
        return out + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


# A 1×1 JPEG and GIF, and the first bytes of an EMF (a type Quire does not keep).
JPEG = base64.b64decode(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/"
    "yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=")
GIF = base64.b64decode("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==")
EMF = b"\x01\x00\x00\x00" + b"\x6c\x00\x00\x00" + b"\x00" * 100


def drawing(rid, alt, name="Picture"):
    return (
        '<w:r><w:drawing><wp:inline><wp:extent cx="190500" cy="190500"/>'
        f'<wp:docPr id="1" name="{name}" descr="{alt}"/>'
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
        f'<pic:pic><pic:blipFill><a:blip r:embed="{rid}"/></pic:blipFill></pic:pic>'
        '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
    )


def save(doc, path, parts=None, rels=None, types=None, drop=()):
    """Saves, then adds parts, document relationships and content types; drops parts."""
    doc.core_properties.author = "Quire fixtures"
    buffer = io.BytesIO()
    doc.save(buffer)
    source = zipfile.ZipFile(buffer)
    parts = parts or {}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for item in source.infolist():
            name = item.filename
            if name in drop or name in parts or name in LEFT_OUT:
                continue
            data = source.read(name)
            if name == "_rels/.rels":
                data = data.replace(
                    b'<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail" Target="docProps/thumbnail.jpeg"/>',
                    b"")
            if name == "word/_rels/document.xml.rels":
                data = re.sub(rb'<Relationship [^>]*Target="(stylesWithEffects.xml|../customXml/item1.xml)"/>', b"", data)
            if name == "word/_rels/document.xml.rels" and rels:
                extra = "".join(
                    f'<Relationship Id="{rid}" Type="{kind}" Target="{target}"'
                    + (' TargetMode="External"' if external else "") + "/>"
                    for rid, kind, target, external in rels)
                data = data.replace(b"</Relationships>", extra.encode() + b"</Relationships>")
            if name == "[Content_Types].xml" and types:
                extra = "".join(
                    f'<Override PartName="/{part}" ContentType="{kind}"/>' for part, kind in types)
                data = data.replace(b"</Types>", extra.encode() + b"</Types>")
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)
        for name, data in sorted(parts.items()):
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)


def headings_and_marks(out):
    doc = Document()
    doc.add_paragraph("The Lighthouse Keeper", style="Title")
    doc.add_paragraph("A note before the first chapter, for the reader.")
    doc.add_heading("The Storm", level=1)
    p = doc.add_paragraph()
    p.add_run("It was ")
    p.add_run("bold").bold = True
    p.add_run(" and ")
    p.add_run("italic").italic = True
    p.add_run(" and ")
    p.add_run("underlined").underline = True
    p.add_run(" and ")
    p.add_run("struck").font.strike = True
    p.add_run(" and ")
    p.add_run("small capitals").font.small_caps = True
    p.add_run(" and ")
    p.add_run("ALL CAPS").font.all_caps = True
    p.add_run(".")
    doc.add_paragraph("A centred line.").alignment = WD_ALIGN_PARAGRAPH.CENTER
    doc.add_paragraph("A line to the right.").alignment = WD_ALIGN_PARAGRAPH.RIGHT
    doc.add_paragraph("A justified paragraph of some length.").alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    doc.add_heading("Below the cliffs", level=2)
    doc.add_paragraph("The sea rose over the rocks.")
    doc.add_heading("A deeper heading", level=3)
    doc.add_paragraph("Something quoted, from an old book.", style="Quote")
    doc.add_paragraph("Something quoted intensely.", style="Intense Quote")
    xml(doc, para("An indented extract on both sides.", ppr='<w:ind w:left="720" w:right="720"/>'))
    doc.add_paragraph("* * *")
    doc.add_paragraph("The next morning was calm.")
    doc.add_paragraph("#")
    doc.add_paragraph("⁂").alignment = WD_ALIGN_PARAGRAPH.CENTER
    doc.add_paragraph("Line one")
    p = doc.paragraphs[-1]
    p.add_run().add_break()
    p.add_run("line two\tafter a tab, a non\u2011breaking hyphen.")
    xml(doc, '<w:p><w:r><w:t>Well</w:t></w:r><w:r><w:noBreakHyphen/><w:t>known symbol </w:t></w:r>'
        '<w:r><w:sym w:font="Symbol" w:char="03A9"/></w:r><w:r><w:sym w:font="Wingdings" w:char="F04A"/></w:r></w:p>')
    doc.add_heading("The Keeper", level=1)
    link = doc.part.relate_to("https://example.com/lighthouses", RT.HYPERLINK, is_external=True)
    bad = doc.part.relate_to("javascript:alert(1)", RT.HYPERLINK, is_external=True)
    xml(doc, f'<w:p><w:r><w:t xml:space="preserve">See </w:t></w:r><w:hyperlink r:id="{link}"><w:r><w:t>the lighthouse list</w:t></w:r></w:hyperlink>'
        f'<w:r><w:t xml:space="preserve"> and </w:t></w:r><w:hyperlink r:id="{bad}"><w:r><w:t>not this one</w:t></w:r></w:hyperlink><w:r><w:t>.</w:t></w:r></w:p>')
    doc.add_paragraph("First bullet", style="List Bullet")
    doc.add_paragraph("Second bullet", style="List Bullet")
    doc.add_paragraph("Nested bullet", style="List Bullet 2")
    doc.add_paragraph("Back out", style="List Bullet")
    doc.add_paragraph("Between the lists.")
    doc.add_paragraph("Step one", style="List Number")
    doc.add_paragraph("Step two", style="List Number")
    p = doc.add_paragraph("The end of the page.")
    p.add_run().add_break(WD_BREAK.PAGE)
    doc.add_paragraph("A new page begins.")
    doc.add_heading("Landfall", level=1)
    doc.add_paragraph("They reached the shore at dawn.")
    save(doc, os.path.join(out, "headings-marks-lists.docx"))


def custom_heading_style(doc, style_id, name, outline=None, based_on=None, size=None):
    outline_xml = f'<w:outlineLvl w:val="{outline}"/>' if outline is not None else ""
    based_xml = f'<w:basedOn w:val="{based_on}"/>' if based_on else ""
    size_xml = f'<w:rPr><w:b/><w:sz w:val="{size}"/></w:rPr>' if size else ""
    element = parse_xml(
        f'<w:style {NS} w:type="paragraph" w:customStyle="1" w:styleId="{style_id}">'
        f'<w:name w:val="{name}"/>{based_xml}<w:pPr>{outline_xml}</w:pPr>{size_xml}</w:style>')
    doc.styles.element.append(element)


def localized_fr(out):
    doc = Document()
    custom_heading_style(doc, "Titre1", "Titre 1", size=32)
    custom_heading_style(doc, "Titre2", "Titre 2", size=28)
    xml(doc, para("Le Phare", "Titre1"))
    xml(doc, para("La nuit tombait sur la côte bretonne."))
    xml(doc, para("Première scène", "Titre2"))
    xml(doc, para("Le gardien montait l'escalier."))
    xml(doc, para("La Tempête", "Titre1"))
    xml(doc, para("Le vent soufflait depuis trois jours."))
    save(doc, os.path.join(out, "localized-headings-fr.docx"))


def localized_es(out):
    doc = Document()
    custom_heading_style(doc, "Ttulo1", "Título 1", outline=0, size=32)
    custom_heading_style(doc, "Ttulo2", "Título 2", outline=1, size=28)
    custom_heading_style(doc, "Escena", "Escena", based_on="Ttulo2")
    custom_heading_style(doc, "Capitulopropio", "Capítulo propio", outline=0)
    xml(doc, para("El faro", "Ttulo1"))
    xml(doc, para("La noche caía sobre la costa."))
    xml(doc, para("Primera escena", "Escena"))
    xml(doc, para("El guardián subía la escalera."))
    xml(doc, para("La tormenta", "Capitulopropio"))
    xml(doc, para("El viento soplaba desde hacía tres días."))
    xml(doc, para("Directo", ppr='<w:outlineLvl w:val="0"/>'))
    xml(doc, para("Un capítulo marcado en el párrafo mismo."))
    save(doc, os.path.join(out, "localized-headings-es.docx"))


NOTES_HEAD = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
              f'<w:{{kind}}s {NS}><w:{{kind}} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:{{kind}}>'
              f'<w:{{kind}} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:{{kind}}>')


def notes_part(kind, notes):
    body = "".join(
        f'<w:{kind} w:id="{nid}"><w:p><w:r><w:{kind}Ref/></w:r><w:r><w:t xml:space="preserve"> {text}</w:t></w:r></w:p></w:{kind}>'
        for nid, text in notes)
    return (NOTES_HEAD.replace("{kind}", kind) + body + f"</w:{kind}s>").encode()


def footnotes(out):
    doc = Document()
    doc.add_heading("Sources", level=1)
    xml(doc, '<w:p><w:r><w:t>The lamp burned whale oil.</w:t></w:r>'
        '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r>'
        '<w:r><w:t xml:space="preserve"> Later it burned kerosene.</w:t></w:r><w:r><w:footnoteReference w:id="2"/></w:r></w:p>')
    doc.add_heading("Afterwards", level=1)
    xml(doc, '<w:p><w:r><w:t>The keeper retired in 1931.</w:t></w:r><w:r><w:endnoteReference w:id="1"/></w:r></w:p>')
    fn_type = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes"
    en_type = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes"
    save(doc, os.path.join(out, "footnotes-endnotes.docx"),
         parts={"word/footnotes.xml": notes_part("footnote", [(1, "Logbook of 1850, page 12."), (2, "Harbour records.")]),
                "word/endnotes.xml": notes_part("endnote", [(1, "He died in 1950.")])},
         rels=[("rIdFn", fn_type, "footnotes.xml", False), ("rIdEn", en_type, "endnotes.xml", False)],
         types=[("word/footnotes.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"),
                ("word/endnotes.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml")])


def comments(out):
    doc = Document()
    doc.add_heading("Drafts", level=1)
    xml(doc, '<w:p><w:r><w:t xml:space="preserve">The </w:t></w:r><w:commentRangeStart w:id="0"/>'
        '<w:r><w:t>lamp room</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>'
        '<w:r><w:t xml:space="preserve"> was cold. </w:t></w:r><w:commentRangeStart w:id="2"/><w:r><w:t>Nobody came.</w:t></w:r>'
        '<w:commentRangeEnd w:id="2"/><w:r><w:commentReference w:id="2"/></w:r></w:p>')
    doc.add_heading("Revisions", level=1)
    xml(doc, '<w:p><w:commentRangeStart w:id="1"/><w:r><w:t>A reply anchors here too.</w:t></w:r><w:commentRangeEnd w:id="1"/></w:p>')
    part = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments {NS}>'
            '<w:comment w:id="0" w:author="Ana García" w:date="2024-05-01T10:00:00Z" w:initials="AG">'
            '<w:p w14:paraId="00000001"><w:r><w:t>Describe the cold more.</w:t></w:r></w:p></w:comment>'
            '<w:comment w:id="1" w:author="Ben Stone" w:date="2024-05-02T11:30:00Z" w:initials="BS">'
            '<w:p w14:paraId="00000002"><w:r><w:t>Agreed, and the wind.</w:t></w:r></w:p></w:comment>'
            '<w:comment w:id="2" w:author="Ana García" w:date="2024-05-03T09:15:00" w:initials="AG">'
            '<w:p w14:paraId="00000003"><w:r><w:t>Done.</w:t></w:r></w:p></w:comment>'
            '</w:comments>').encode()
    extended = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w15:commentsEx {NS}>'
                '<w15:commentEx w15:paraId="00000001" w15:done="0"/>'
                '<w15:commentEx w15:paraId="00000002" w15:paraIdParent="00000001" w15:done="0"/>'
                '<w15:commentEx w15:paraId="00000003" w15:done="1"/>'
                '</w15:commentsEx>').encode()
    save(doc, os.path.join(out, "comments.docx"),
         parts={"word/comments.xml": part, "word/commentsExtended.xml": extended},
         rels=[("rIdC", "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments", "comments.xml", False),
               ("rIdCx", "http://schemas.microsoft.com/office/2011/relationships/commentsExtended", "commentsExtended.xml", False)],
         types=[("word/comments.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"),
                ("word/commentsExtended.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml")])


def images(out):
    doc = Document()
    doc.add_heading("Pictures", level=1)
    xml(doc, f'<w:p><w:r><w:t>A red square:</w:t></w:r>{drawing("rIdPng", "A red square")}<w:r><w:t>after it.</w:t></w:r></w:p>')
    xml(doc, f'<w:p>{drawing("rIdJpg", "A photograph")}</w:p>')
    xml(doc, f'<w:p>{drawing("rIdGif", "")}</w:p>')
    xml(doc, f'<w:p>{drawing("rIdLie", "A PNG named .jpg")}</w:p>')
    xml(doc, f'<w:p>{drawing("rIdEmf", "A vector drawing")}</w:p>')
    xml(doc, f'<w:p>{drawing("rIdMissing", "Nowhere")}</w:p>')
    xml(doc, para("The end of the pictures."))
    image = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"
    save(doc, os.path.join(out, "images.docx"),
         parts={"word/media/image1.png": png(), "word/media/image2.jpeg": JPEG,
                "word/media/image3.gif": GIF, "word/media/image4.jpg": png(3, 3, (10, 120, 200)),
                "word/media/image5.emf": EMF},
         rels=[("rIdPng", image, "media/image1.png", False), ("rIdJpg", image, "media/image2.jpeg", False),
               ("rIdGif", image, "media/image3.gif", False), ("rIdLie", image, "media/image4.jpg", False),
               ("rIdEmf", image, "media/image5.emf", False)],
         types=[("word/media/image1.png", "image/png"), ("word/media/image2.jpeg", "image/jpeg"),
                ("word/media/image3.gif", "image/gif"), ("word/media/image4.jpg", "image/jpeg"),
                ("word/media/image5.emf", "image/x-emf")])


def tables(out):
    doc = Document()
    doc.add_heading("Tides", level=1)
    table = doc.add_table(rows=3, cols=3)
    for r, row in enumerate([["Day", "High", "Low"], ["Monday", "06:10", "12:20"], ["Tuesday", "06:55", "13:05"]]):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    doc.add_paragraph("Merged cells follow.")
    merged = doc.add_table(rows=3, cols=3)
    merged.cell(0, 0).merge(merged.cell(0, 1)).text = "Spans two"
    merged.cell(0, 2).text = "Right"
    merged.cell(1, 0).merge(merged.cell(2, 0)).text = "Spans down"
    merged.cell(1, 1).text = "b"
    merged.cell(1, 2).text = "c"
    merged.cell(2, 1).text = "e"
    merged.cell(2, 2).text = "f"
    save(doc, os.path.join(out, "tables.docx"))


def tracked_changes(out):
    doc = Document()
    doc.add_heading("Edits", level=1)
    xml(doc, '<w:p><w:r><w:t xml:space="preserve">The keeper </w:t></w:r>'
        '<w:ins w:id="1" w:author="Ana" w:date="2024-05-01T10:00:00Z"><w:r><w:t xml:space="preserve">slowly </w:t></w:r></w:ins>'
        '<w:del w:id="2" w:author="Ana" w:date="2024-05-01T10:00:00Z"><w:r><w:delText xml:space="preserve">quickly quietly </w:delText></w:r></w:del>'
        '<w:r><w:rPr><w:b/><w:rPrChange w:id="3" w:author="Ana" w:date="2024-05-01T10:00:00Z"><w:rPr><w:i/></w:rPr></w:rPrChange></w:rPr><w:t>climbed</w:t></w:r>'
        '<w:r><w:t xml:space="preserve"> the stairs.</w:t></w:r></w:p>')
    xml(doc, '<w:p><w:moveFrom w:id="4" w:author="Ana" w:date="2024-05-01T10:00:00Z"><w:r><w:t>Moved sentence.</w:t></w:r></w:moveFrom></w:p>')
    xml(doc, '<w:p><w:r><w:t xml:space="preserve">Here it lands: </w:t></w:r><w:moveTo w:id="5" w:author="Ana" w:date="2024-05-01T10:00:00Z"><w:r><w:t>Moved sentence.</w:t></w:r></w:moveTo></w:p>')
    save(doc, os.path.join(out, "tracked-changes.docx"))


def font_sizes(out):
    doc = Document()
    doc.styles["Normal"].font.size = Pt(12)

    def sized(text, size, bold=False):
        p = doc.add_paragraph()
        run = p.add_run(text)
        run.font.size = Pt(size)
        run.bold = bold
        return p

    sized("The Tides of Night", 26, True).alignment = WD_ALIGN_PARAGRAPH.CENTER
    sized("Part of the book, a note in body size.", 12)
    for chapter in ("The Arrival", "The Departure"):
        sized(chapter, 18, True).alignment = WD_ALIGN_PARAGRAPH.CENTER
        doc.add_paragraph(f"The first paragraph of {chapter.lower()} is long enough to be prose, "
                          "with more than fifteen words in it so that it counts as body text here.")
        sized("A scene", 14, True)
        doc.add_paragraph("Short line.")
        doc.add_paragraph("Another paragraph of ordinary prose in the ordinary size of the body text.")
    save(doc, os.path.join(out, "font-size-chapters.docx"))


def chapter_pattern(out):
    doc = Document()
    for title, text in [("Prologue", "Before it all began."), ("Chapter 1", "The first day."),
                        ("CHAPTER TWO", "The second day."), ("Chapter Twenty-One: The End", "The last day."),
                        ("Epilogue", "Years later.")]:
        doc.add_paragraph(title)
        doc.add_paragraph(text)
        doc.add_paragraph("Chapter one was the hardest to write, she said.")
    save(doc, os.path.join(out, "chapter-pattern.docx"))


def page_breaks(out):
    doc = Document()
    for n, (title, text) in enumerate([("Morning", "The sun rose."), ("Evening", "The sun set.")]):
        if n:
            doc.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
        doc.add_paragraph(title)
        doc.add_paragraph(text)
    p = doc.add_paragraph("Night fell over the water.")
    p.paragraph_format.page_break_before = True
    doc.add_paragraph("Nothing moved.")
    save(doc, os.path.join(out, "page-breaks.docx"))


def unsupported(out):
    doc = Document()
    doc.add_heading("Odd parts", level=1)
    text_box = ('<w:txbxContent><w:p><w:r><w:t>Text inside a box.</w:t></w:r></w:p></w:txbxContent>')
    xml(doc, '<w:p><w:r><w:t xml:space="preserve">Before the box. </w:t></w:r><w:r><mc:AlternateContent>'
        f'<mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:docPr id="2" name="Box"/><a:graphic>'
        f'<a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx>{text_box}</wps:txbx></wps:wsp></a:graphicData>'
        f'</a:graphic></wp:anchor></w:drawing></mc:Choice>'
        f'<mc:Fallback><w:pict><v:shape><v:textbox>{text_box}</v:textbox></v:shape></w:pict></mc:Fallback>'
        '</mc:AlternateContent></w:r><w:r><w:t>After the box.</w:t></w:r></w:p>')
    xml(doc, '<w:p><w:r><w:t xml:space="preserve">An equation: </w:t></w:r><m:oMath><m:r><m:t>E=mc2</m:t></m:r></m:oMath></w:p>')
    xml(doc, '<w:p><w:r><w:t xml:space="preserve">A chart: </w:t></w:r><w:r><w:drawing><wp:inline><wp:docPr id="3" name="Chart"/><a:graphic>'
        '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rIdChart"/></a:graphicData>'
        '</a:graphic></wp:inline></w:drawing></w:r></w:p>')
    xml(doc, '<w:p><w:r><w:t xml:space="preserve">An object: </w:t></w:r><w:r><w:object><v:shape><v:imagedata r:id="rIdNone"/></v:shape></w:object></w:r></w:p>')
    xml(doc, '<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>'
        '<w:r><w:t xml:space="preserve"> and </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "https://example.org/field" </w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>a field link</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t>.</w:t></w:r></w:p>')
    save(doc, os.path.join(out, "unsupported-parts.docx"))


def no_styles(out):
    doc = Document()
    xml(doc, para("Only by id", "Heading1"))
    xml(doc, para("The styles part is gone."))
    xml(doc, para("Second", "Heading1"))
    xml(doc, para("Still found."))
    save(doc, os.path.join(out, "no-styles.docx"), drop=("word/styles.xml", "word/stylesWithEffects.xml"))


def libreoffice(out):
    soffice = shutil.which("soffice")
    if not soffice:
        print("soffice not found: libreoffice.docx not regenerated", file=sys.stderr)
        return
    html = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Saved by LibreOffice</title></head><body>"
            "<h1>The Harbour</h1><p>Boats came in at <b>dusk</b>, <i>slowly</i>.</p>"
            "<h2>The Quay</h2><p>Ropes and nets lay everywhere.</p>"
            "<ul><li>Cod</li><li>Herring</li></ul><ol><li>Unload</li><li>Sell</li></ol>"
            "<h1>The Market</h1><p>Everything was sold by noon.</p>"
            "<blockquote><p>Fresh fish, fresh fish!</p></blockquote>"
            "<p style='text-align:center'>* * *</p><p>The square emptied.</p></body></html>")
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "libreoffice.html")
        with open(source, "w", encoding="utf-8") as f:
            f.write(html)
        subprocess.run([soffice, "--headless", f"-env:UserInstallation=file://{tmp}/profile",
                        "--infilter=HTML (StarWriter)", "--convert-to", "docx:MS Word 2007 XML",
                        "--outdir", tmp, source], check=True, capture_output=True, timeout=180)
        shutil.copy(os.path.join(tmp, "libreoffice.docx"), os.path.join(out, "libreoffice.docx"))


def libreoffice_round_trips(out):
    """Fixtures opened and saved again by LibreOffice (.docx → .odt → .docx): its WordprocessingML
    differs from Word's and python-docx's (direct formatting, its own numbering and notes)."""
    soffice = shutil.which("soffice")
    if not soffice:
        print("soffice not found: libreoffice-*.docx not regenerated", file=sys.stderr)
        return
    names = ["footnotes-endnotes", "comments", "images", "tables", "headings-marks-lists"]
    with tempfile.TemporaryDirectory() as tmp:
        profile = f"-env:UserInstallation=file://{tmp}/profile"
        sources = []
        for name in names:
            shutil.copy(os.path.join(out, f"{name}.docx"), os.path.join(tmp, f"{name}.docx"))
            sources.append(os.path.join(tmp, f"{name}.docx"))
        subprocess.run([soffice, "--headless", profile, "--convert-to", "odt", "--outdir", tmp, *sources],
                       check=True, capture_output=True, timeout=300)
        back = os.path.join(tmp, "back")
        os.makedirs(back)
        odts = [os.path.join(tmp, f"{name}.odt") for name in names]
        subprocess.run([soffice, "--headless", profile, "--convert-to", "docx:MS Word 2007 XML",
                        "--outdir", back, *odts], check=True, capture_output=True, timeout=300)
        for name in names:
            shutil.copy(os.path.join(back, f"{name}.docx"), os.path.join(out, f"libreoffice-{name}.docx"))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: docx-fixtures.py <output directory>")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for make in (headings_and_marks, localized_fr, localized_es, footnotes, comments, images, tables,
                 tracked_changes, font_sizes, chapter_pattern, page_breaks, unsupported, no_styles,
                 libreoffice, libreoffice_round_trips):
        make(out)


if __name__ == "__main__":
    main()
