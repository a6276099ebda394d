//! Little-endian bit strings: bit `i` is bit `i % 8` (counting from the
//! least significant) of byte `i / 8`, as in gnubg's keys.

/// Whether bit `index` is set; bits past the end read as clear.
pub(crate) fn get(bytes: &[u8], index: usize) -> bool {
    bytes
        .get(index / 8)
        .is_some_and(|byte| (byte >> (index % 8)) & 1 == 1)
}

/// Sets bit `index`; an index past the end is ignored.
pub(crate) fn set(bytes: &mut [u8], index: usize) {
    if let Some(byte) = bytes.get_mut(index / 8) {
        *byte |= 1 << (index % 8);
    }
}

/// Reads `width` bits from `start`, the first bit being the least significant.
pub(crate) fn read(bytes: &[u8], start: usize, width: usize) -> u32 {
    (0..width)
        .filter(|&i| get(bytes, start + i))
        .fold(0, |value, i| value | (1 << i))
}

/// Writes the low `width` bits of `value` from `start`, least significant first.
pub(crate) fn write(bytes: &mut [u8], start: usize, width: usize, value: u32) {
    for i in 0..width {
        if (value >> i) & 1 == 1 {
            set(bytes, start + i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_little_endian_and_may_cross_bytes() {
        let mut bytes = [0u8; 3];
        write(&mut bytes, 6, 5, 0b10111);
        assert_eq!(bytes, [0b1100_0000, 0b0000_0101, 0]);
        assert_eq!(read(&bytes, 6, 5), 0b10111);
        assert_eq!(read(&bytes, 0, 24), 0b0000_0101_1100_0000);
    }

    #[test]
    fn out_of_range_bits_are_ignored() {
        let mut bytes = [0u8; 1];
        set(&mut bytes, 8);
        assert_eq!(bytes, [0]);
        assert!(!get(&bytes, 100));
    }
}
