//! Base64 with the standard alphabet and no `=` padding, as gnubg writes IDs.

use crate::IdError;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes `bytes` without padding: 3 bytes give 4 characters, and a last
/// group of 1 or 2 bytes gives 2 or 3 characters.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b0 = chunk.first().copied().unwrap_or(0);
        let b1 = chunk.get(1).copied().unwrap_or(0);
        let b2 = chunk.get(2).copied().unwrap_or(0);
        let sextets = [
            b0 >> 2,
            ((b0 & 0x03) << 4) | (b1 >> 4),
            ((b1 & 0x0f) << 2) | (b2 >> 6),
            b2 & 0x3f,
        ];
        for &s in sextets.iter().take(chunk.len() + 1) {
            out.push(char::from(ALPHABET[usize::from(s)]));
        }
    }
    out
}

/// The 6-bit value of one base64 character, or `None` if it is not one.
fn sextet(c: char) -> Option<u8> {
    let v = match c {
        'A'..='Z' => u32::from(c) - u32::from('A'),
        'a'..='z' => u32::from(c) - u32::from('a') + 26,
        '0'..='9' => u32::from(c) - u32::from('0') + 52,
        '+' => 62,
        '/' => 63,
        _ => return None,
    };
    u8::try_from(v).ok()
}

/// Decodes `id` into `N` bytes.
///
/// Also says whether any bit beyond those `N` bytes was set (the padding
/// bits of a last, partly used character, or characters past the end).
/// The caller checks the length first; any length is handled without panic.
pub(crate) fn decode<const N: usize>(id: &str) -> Result<([u8; N], bool), IdError> {
    let mut bytes = [0u8; N];
    let mut extra_bits = false;
    let mut bit = 0usize;
    for (index, character) in id.chars().enumerate() {
        let value = sextet(character).ok_or(IdError::BadCharacter {
            character,
            position: index + 1,
        })?;
        for shift in (0..6).rev() {
            if (value >> shift) & 1 == 1 {
                match bytes.get_mut(bit / 8) {
                    Some(byte) => *byte |= 0x80 >> (bit % 8),
                    None => extra_bits = true,
                }
            }
            bit += 1;
        }
    }
    Ok((bytes, extra_bits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_like_standard_base64_without_padding() {
        assert_eq!(encode(b""), "");
        assert_eq!(encode(b"f"), "Zg");
        assert_eq!(encode(b"fo"), "Zm8");
        assert_eq!(encode(b"foo"), "Zm9v");
        assert_eq!(encode(b"foobar"), "Zm9vYmFy");
        assert_eq!(encode(&[0xff; 4]), "/////w");
    }

    #[test]
    fn decodes_what_it_encodes() {
        let bytes = [0x00, 0x10, 0x83, 0x10, 0x51, 0x87, 0x20, 0x92, 0x8b, 0xff];
        let text = encode(&bytes);
        assert_eq!(decode::<10>(&text), Ok((bytes, false)));
    }

    #[test]
    fn reports_padding_bits_and_extra_characters() {
        assert_eq!(decode::<1>("AB"), Ok(([0x00], true)));
        assert_eq!(decode::<1>("AA"), Ok(([0x00], false)));
        assert_eq!(decode::<1>("AAAA"), Ok(([0x00], false)));
        assert_eq!(decode::<1>("AAAB"), Ok(([0x00], true)));
    }

    #[test]
    fn rejects_characters_outside_the_alphabet() {
        for (id, character, position) in [("A=", '=', 2), ("-A", '-', 1), ("Aé", 'é', 2)] {
            assert_eq!(
                decode::<2>(id),
                Err(IdError::BadCharacter {
                    character,
                    position
                })
            );
        }
    }
}
