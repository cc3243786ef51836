//! Word (.docx, Office Open XML WordprocessingML): the reader and the writer.

pub mod write;
