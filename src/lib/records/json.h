/*
 * records/json.h - the JSON Lines writer under the records (record.c): one
 * flat object a line, its "record" member first.
 */
#ifndef CT_RECORDS_JSON_H
#define CT_RECORDS_JSON_H

#include <stddef.h>
#include <stdio.h>

void ct_json_begin(FILE *f, const char *record);
void ct_json_str(FILE *f, const char *key, const char *val);
void ct_json_num(FILE *f, const char *key, double val);
void ct_json_str_array(FILE *f, const char *key, const char *const *v, size_t n);
void ct_json_int(FILE *f, const char *key, long long val);
void ct_json_bool(FILE *f, const char *key, int val);
void ct_json_end(FILE *f);
/* A JSON string literal, quotes included. */
void ct_json_str_value(FILE *f, const char *s);

#endif
