// A workbook's number cells read as the spreadsheet shows them (src/modules/asset-tags/cell-numbers.ts).
import { describe, expect, it } from 'vitest';
import { NumberFormats, shownNumber } from '../src/modules/asset-tags/cell-numbers';

describe('a number cell as its format shows it', () => {
  it.each([
    ['7', 'General', '7'],
    ['0.30000000000000004', 'General', '0.3'],
    ['1234567890123', 'General', '1234567890123'],
    ['7', '0000', '0007'],
    ['12345', '0000', '12345'],
    ['7', '000000', '000007'],
    ['2.5', '0', '3'],
    ['2.345', '0.00', '2.35'],
    ['1234567.891', '#,##0.00', '1,234,567.89'],
    ['1234', '$#,##0', '$1,234'],
    ['0.125', '0.0%', '12.5%'],
    ['-42', '0000', '-0042'],
    ['7', '"TAG-"0000', 'TAG-0007'],
    ['7', '0000" A"', '0007 A'],
    ['7', '[Blue]0000', '0007'],
    ['45292', 'm/d/yyyy', '1/1/2024'],
    ['45292', 'yyyy-mm-dd', '2024-01-01'],
    ['45292.5', 'yyyy-mm-dd hh:mm', '2024-01-01 12:00'],
    ['45292', 'd-mmm-yy', '1-Jan-24'],
    ['59', 'yyyy-mm-dd', '1900-02-28'],
    ['61', 'yyyy-mm-dd', '1900-03-01'],
    ['2.675', '0.00', '2.68'],
    ['1.005', '0.00', '1.01'],
    ['-2.5', '0', '-3'],
    ['45292', 'mmmm d, yyyy', 'January 1, 2024'],
    ['45292', 'dddd d mmm', 'Monday 1 Jan'],
    ['45292.5', 'h:mm AM/PM', '12:00 PM'],
    ['45292.25', 'h:mm AM/PM', '6:00 AM'],
    ['45292.75', 'hh:mm:ss', '18:00:00'],
    ['45292', 'yyyy-mm-dd ggg', '45292'],
    ['7', '0.0E+00', '7.0E+00'],
    ['12345', '0.00E+00', '1.23E+04'],
    ['-0.000123', '0.0E+0', '-1.2E-4'],
    ['0.000123', '0.00E-00', '1.23E-04'],
    ['123', '0E-0', '1E2'],
    ['12345', '##0.0E+0', '12345'],
    ['45292', 'dd\\/mm\\/yyyy', '01/01/2024'],
    ['45292', 'yyyy"年"m"月"d"日"', '2024年1月1日'],
    ['45292', '"Fitted "mmm yyyy', 'Fitted Jan 2024'],
    ['45292', '[$-809]dd/mm/yyyy', '01/01/2024'],
    ['7', '000-000', '000-007'],
    ['1234567', '000-000', '1234-567'],
    ['5551234567', '(000) 000-0000', '(555) 123-4567'],
    ['7', '#-##', '-7'],
    ['-42', '00-00', '-00-42'],
    ['text', '0000', 'text'],
  ])('%s formatted %s reads %s', (stored, format, shown) => {
    expect(shownNumber(stored, format)).toBe(shown);
  });

  it('counts a 1904 workbook’s days from 1904-01-01', () => {
    expect(shownNumber('0', 'yyyy-mm-dd', true)).toBe('1904-01-01');
    expect(shownNumber('43830', 'yyyy-mm-dd', true)).toBe('2024-01-01');
  });

  it('finds a style’s format: a built-in one by its id, a custom one by the workbook’s list', () => {
    const formats = new NumberFormats();
    formats.addFormat(164, '0000');
    formats.addStyle(0);
    formats.addStyle(164);
    formats.addStyle(14);
    formats.addStyle(20);
    expect(formats.formatOf(undefined)).toBe('General');
    expect(shownNumber('45292.5', formats.formatOf('3'))).toBe('12:00');
    expect(formats.formatOf('1')).toBe('0000');
    expect(formats.formatOf('2')).toBe('m/d/yyyy');
    expect(formats.formatOf('9')).toBe('General');
  });
});
