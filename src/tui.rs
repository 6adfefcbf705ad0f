//! Terminal setup/restore and event loop (to be written).
